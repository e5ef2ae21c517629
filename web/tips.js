// A price's tip (its source and date, the cell's data-tip): shown under the
// price on hover, keyboard focus and tap (a tap focuses it: tabindex). One
// box for the page, fixed to the viewport and kept inside its edges, so
// neither the table's scroll box (which clips what overflows it, down too)
// nor the screen's edge cuts it. Until this module runs, the CSS tip
// (style/main.css) stands in. The pointer can move onto the box (a strip
// over the gap joins it to the price); Escape hides it until another
// price is pointed at, or a price is focused. The tip is also the price's
// accessible name (aria-label), so the box is hidden from assistive
// technology.
const PRICE = '.price[data-tip]';
const GAP = 4; // px between the price and its box (the box's ::before spans it)
const EDGE = 8; // px kept from the viewport's edges

let box = null;
let anchor = null; // the price whose tip is shown
let hovered = null; // the price (or the box) under the pointer
let dismissed = null; // the price whose tip Escape hid
let frame = 0;

function hide() {
  anchor = null;
  if (box) box.hidden = true;
}

// Under the price, on its side of the screen (its left edge on the left
// half, its right edge on the right: a phone's card has prices in both
// columns); above it when there is no room below; moved in from an edge.
// The tip is read again each time: the app patches rows in place.
function place() {
  if (!anchor) return;
  const tip = anchor.isConnected ? anchor.dataset.tip : null;
  const r = tip ? anchor.getBoundingClientRect() : null;
  // a price scrolled out of its table's box, or on a hidden screen, has no tip
  const wrap = r && anchor.closest('.table-wrap')?.getBoundingClientRect();
  const out = r && wrap && (r.right <= wrap.left || r.left >= wrap.right || r.bottom <= wrap.top || r.top >= wrap.bottom);
  if (!r || out || r.bottom < 0 || r.top > innerHeight || (r.width === 0 && r.height === 0)) {
    hide();
    return;
  }
  if (box.textContent !== tip) box.textContent = tip;
  box.hidden = false;
  const w = box.offsetWidth;
  const h = box.offsetHeight;
  const width = document.documentElement.clientWidth;
  const start = r.left + r.width / 2 < width / 2 ? r.left : r.right - w;
  const left = Math.max(EDGE, Math.min(start, width - EDGE - w));
  const above = r.bottom + GAP + h > innerHeight - EDGE && r.top - GAP - h >= EDGE;
  box.classList.toggle('above', above);
  box.style.left = `${left}px`;
  box.style.top = `${above ? r.top - GAP - h : r.bottom + GAP}px`;
}

// While a tip is shown it follows its price each frame: scrolling (the
// page's or the table's), a resize, rows patched, a panel pushing the
// table down, a screen changed by the history, all move or hide it.
function follow() {
  frame = 0;
  place();
  if (anchor) frame = requestAnimationFrame(follow);
}

function show(price) {
  if (price === dismissed) {
    hide();
    return;
  }
  anchor = price;
  place();
  if (anchor && !frame) frame = requestAnimationFrame(follow);
}

function focusedPrice() {
  const f = document.activeElement;
  return f instanceof Element && f.matches(PRICE) ? f : null;
}

// The tip for what the pointer is on (the box keeps its own), else for the
// focused price, else none.
function settle() {
  const next = hovered === box ? anchor : hovered ?? focusedPrice();
  if (next) show(next);
  else hide();
}

export function tips() {
  box = document.createElement('div');
  box.className = 'tip';
  box.dataset.testid = 'price-tip';
  box.setAttribute('aria-hidden', 'true');
  box.hidden = true;
  document.body.append(box);
  document.documentElement.dataset.tips = 'box';
  document.addEventListener('mouseover', (ev) => {
    const t = ev.target instanceof Element ? ev.target : null;
    const next = t && box.contains(t) ? box : t?.closest(PRICE) ?? null;
    if (next && next !== box && next !== dismissed) dismissed = null;
    hovered = next;
    settle();
  });
  document.addEventListener('mouseout', (ev) => {
    if (!ev.relatedTarget) {
      hovered = null;
      settle();
    }
  });
  // a price focused (a key, a tap) shows its tip, whatever is hovered
  document.addEventListener('focusin', () => {
    const f = focusedPrice();
    if (!f) return;
    dismissed = null;
    show(f);
  });
  // the focus gone from the prices: the hovered price's tip, or none
  document.addEventListener('focusout', () =>
    setTimeout(() => {
      if (!focusedPrice()) settle();
    }, 0),
  );
  document.addEventListener('keydown', (ev) => {
    if (ev.key === 'Escape' && anchor) {
      dismissed = anchor;
      hide();
    }
  });
}
