// Keyboard: the offer table is one tab stop per row (its checkbox); arrow
// keys move between the row's controls and prices (left/right, Home/End)
// and to the same place in the next or previous row (up/down).
export function rove(ev) {
  const t = ev.target;
  if (!(t instanceof Element) || !t.closest('table.offers tbody')) return;
  if (t.matches('input[type="text"], input:not([type])')) return; // the caret moves in a text box
  const row = t.closest('tr');
  const stops = (r) => [...r.querySelectorAll('input, button, [data-tip]')];
  const here = stops(row);
  const i = here.indexOf(t);
  let next = null;
  if (ev.key === 'ArrowRight') next = here[i + 1];
  else if (ev.key === 'ArrowLeft') next = here[i - 1];
  else if (ev.key === 'Home') next = here[0];
  else if (ev.key === 'End') next = here[here.length - 1];
  else if (ev.key === 'ArrowDown' || ev.key === 'ArrowUp') {
    const other = ev.key === 'ArrowDown' ? row.nextElementSibling : row.previousElementSibling;
    if (other) { const s = stops(other); next = s[Math.min(i, s.length - 1)]; }
  }
  if (next) { ev.preventDefault(); next.focus(); }
}


// Ticking an offer's box can insert (or grow) the side-by-side panel above
// the table: the ticked row stays where it was on screen, so the focus does
// not jump away. For a short while after the tick, each frame scrolls by
// however far the row moved; the user's own scrolling, or a press
// anywhere, ends it.
const SELECT = '[data-testid="select-offer"]';
let pressed = null;

// Where a box was when it was pressed (pointer or key, in the capture
// phase): the app's own handler of the tick can move it before `change`.
export function notePress(ev) {
  const t = ev.target;
  if (t instanceof Element && t.matches(SELECT)) pressed = { box: t, top: t.getBoundingClientRect().top };
}

export function keepInView(ev) {
  const t = ev.target;
  if (!(t instanceof Element) || !t.matches(SELECT)) return;
  // the row by its offer: the table may draw it again
  const id = t.closest('[data-offer]')?.getAttribute('data-offer');
  if (!id) return;
  const find = () => document.querySelector(`tr[data-offer="${CSS.escape(id)}"] ${SELECT}`);
  const top = pressed?.box === t ? pressed.top : t.getBoundingClientRect().top;
  pressed = null;
  const until = performance.now() + 2000;
  let stopped = false;
  const stop = () => { stopped = true; };
  const opts = { once: true, passive: true, capture: true };
  addEventListener('wheel', stop, opts);
  addEventListener('touchstart', stop, opts);
  addEventListener('keydown', stop, opts);
  // a press anywhere: scrolling under it would move what is pressed, and
  // its click would land on something else
  addEventListener('pointerdown', stop, opts);
  // where the last frame left the page and the row
  let left = scrollY;
  let was = find()?.getBoundingClientRect().top ?? top;
  const step = () => {
    const box = find();
    if (stopped || !box || performance.now() > until) return;
    const at = box.getBoundingClientRect().top;
    // someone else scrolled (a scrollbar dragged, a find in the page, a
    // script): the row moved as far as the page did, the other way
    const scrolled = scrollY - left;
    if (Math.abs(scrolled) >= 1 && Math.abs(at - was + scrolled) < 1) return;
    if (Math.abs(at - top) >= 1) scrollBy(0, at - top);
    left = scrollY;
    was = box.getBoundingClientRect().top;
    requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

// Phones: the screens' tabs are one row that scrolls sideways; the current
// screen's tab is scrolled into that row's view whenever it changes (a
// link to the last screen showed its tab cut off).
export function currentTabInView() {
  const nav = document.querySelector('.screens');
  if (!nav) return;
  const show = () => {
    const tab = nav.querySelector('a.current, a[aria-current="page"]');
    if (!tab || nav.scrollWidth <= nav.clientWidth) return;
    const n = nav.getBoundingClientRect();
    const t = tab.getBoundingClientRect();
    if (t.left < n.left || t.right > n.right) nav.scrollLeft += t.left - n.left - (n.width - t.width) / 2;
  };
  new MutationObserver(show).observe(nav, { subtree: true, attributes: true, attributeFilter: ['class', 'aria-current'] });
  show();
}
