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

