// A price's tip (its source and date, the cell's data-tip): shown under the
// price on hover, keyboard focus and tap (a tap focuses it: tabindex). One
// box for the page, fixed to the viewport and kept inside its edges, so
// neither the table's scroll box (which clips what overflows it, down too)
// nor the screen's edge cuts it. Until this module runs, the CSS tip
// (style/main.css) stands in. The pointer can move onto the box; Escape
// hides it. The tip is also the price's accessible name (aria-label), so
// the box is hidden from assistive technology.
const PRICE = '.price[data-tip]';
const GAP = 4; // px between the price and its box
const EDGE = 8; // px kept from the viewport's edges

let box = null;
let anchor = null; // the price whose tip is shown
let hovered = null; // the price (or the box) under the pointer

function hide() {
  anchor = null;
  if (box) box.hidden = true;
}

// Under the price, right-aligned with it (the figures are right-aligned);
// above it when there is no room below; moved in from an edge. The tip is
// read again each time: the app patches rows in place.
function place() {
  if (!anchor) return;
  const tip = anchor.isConnected ? anchor.dataset.tip : null;
  const r = tip ? anchor.getBoundingClientRect() : null;
  // a price scrolled out of its table's box has no tip
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
  const left = Math.max(EDGE, Math.min(r.right - w, width - EDGE - w));
  let top = r.bottom + GAP;
  if (top + h > innerHeight - EDGE && r.top - GAP - h >= EDGE) top = r.top - GAP - h;
  box.style.left = `${left}px`;
  box.style.top = `${top}px`;
}

function show(price) {
  anchor = price;
  place();
}

function focusedPrice() {
  const f = document.activeElement;
  return f instanceof Element && f.matches(PRICE) ? f : null;
}

// Once the pointer has moved: the hovered price's tip (the box hovered
// keeps its own), else the focused price's, else none.
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
    hovered = t && box.contains(t) ? box : t?.closest(PRICE) ?? null;
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
    if (f) show(f);
  });
  document.addEventListener('focusout', () => setTimeout(settle, 0));
  document.addEventListener('keydown', (ev) => {
    if (ev.key === 'Escape' && anchor) hide();
  });
  // the price moves under a fixed box: follow it (any scroll box, the page's too)
  addEventListener('scroll', place, { capture: true, passive: true });
  addEventListener('resize', place, { passive: true });
  // rows sorted, filtered or paged under the pointer: the tip follows the
  // price it belongs to, or goes with it
  document.addEventListener('input', () => requestAnimationFrame(place));
  document.addEventListener('click', () => requestAnimationFrame(place));
}
