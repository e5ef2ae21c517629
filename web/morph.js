// A newer worker answer patched into the last one (handed to the app by
// enhance.js through useMorph): only what changed is written, so the
// browser does not rebuild, restyle and lay out the whole options table on
// every keystroke. tests/e2e/morph.spec.ts holds it.
//
// Make `el` hold what `el.innerHTML = markup` would, keeping every node
// whose place and tag stay the same: text and attributes are written only
// where they differ, other nodes are replaced, added or removed. An open
// <details> stays open (the reader opened it). A form control that stays
// shows what the markup says (a checkbox its `checked`, a box its value),
// but the box being typed in keeps what is typed; an element that stands
// for another offer (`data-offer`) is replaced, so controls stay with what
// they stand for (the compare rows). The markup's top level is whole
// elements (a bare <td> parses differently in a <template>).
//
// Returns how: 'values' (the quick way below) or 'tree'.
export function morph(el, markup) {
  const last = PATCHED.get(el);
  // (skipped while a part's answers keep changing their structure)
  const read = last?.wait > 0 ? null : readMarkup(markup);
  if (read && last?.skeleton === read.skeleton && same(el, last)) {
    if (last.slots === null) last.slots = slots(el, last) || false;
    if (last.slots) {
      // (forgotten while written: a write that throws leaves no entry)
      PATCHED.delete(el);
      const was = last.values;
      const now = read.values;
      for (let i = 0; i < now.length; i++) {
        if (now[i] === was[i]) continue;
        const [node, name] = last.slots[i];
        if (name === null) node.data = now[i];
        else node.setAttribute(name, now[i]);
      }
      last.values = now;
      last.streak = 0;
      PATCHED.set(el, last);
      return 'values';
    }
  }
  const t = document.createElement('template');
  t.innerHTML = markup;
  patch(el, t.content);
  if (!read && !last?.wait) {
    PATCHED.delete(el);
    return 'tree';
  }
  // A part whose answers keep changing their structure (the advice: other
  // picks, other reasons) has its markup read less and less often: after
  // the second change in a row, the next answer is not read (its reading
  // would be wasted), after the third the next 2,
  // then 4, then 8; then two are (the first to compare the second with).
  // A structure changed once (the charts' axis, a new tick) is read on
  // the next answer: skipping it and the one after cost the charts two
  // whole patches each time their axis changed (docs/PERFORMANCE.md).
  let streak = last?.streak ?? 0;
  let wait = 0;
  if (!read) wait = last.wait - 1;
  else if (last?.skeleton != null && last.skeleton !== read.skeleton) {
    streak += 1;
    wait = streak < 2 ? 0 : Math.min(8, 2 ** (streak - 2));
  }
  // (nodes that did not match a skeleton are not matched again for it)
  const refused = last?.slots === false && last.skeleton === read?.skeleton;
  PATCHED.set(el, {
    skeleton: read?.skeleton ?? null,
    values: read?.values ?? null,
    slots: refused ? false : null,
    first: el.firstChild,
    lastChild: el.lastChild,
    children: el.childNodes.length,
    streak,
    wait,
  });
  return 'tree';
}

// Whether the element's own children are still the ones it was given (the
// part's nodes are written by morph alone: nothing else changes them).
function same(el, last) {
  return last.first === el.firstChild && last.lastChild === el.lastChild && last.children === el.childNodes.length;
}

// The quick way: an answer whose markup differs from the one the element
// last got only in text and attribute values (the same elements, attribute
// names and offers: a keystroke's new figures in the plan's charts) has
// just the values that changed written, into the nodes that hold them,
// without parsing the markup or walking the element (and less to lay out
// after; figures: docs/PERFORMANCE.md). It makes what the
// patch makes, because
// * the markup is read strictly, as the app's templates write it: tags,
//   double-quoted attributes, text, the escapes the templates use. Markup
//   that could parse otherwise is not read and takes the patch: comments,
//   form controls, raw-text and other special elements, a self-closing tag,
//   text directly in a table, another character reference, whitespace
//   other than HTML's in a tag, a carriage return, a reader-kept
//   <details open>;
// * the new markup has the last one's skeleton (its elements, attribute
//   names, text nodes and keys), so it parses to the same nodes, and
//   values parse the same whatever they are;
// * the element's nodes are matched against the last markup (tag order,
//   attribute names, every value) before the first quick write;
// * content put in another way (innerHTML) is new nodes, and the element's
//   first or last child then differs from the one remembered.
const PATCHED = new WeakMap();
const NOT_READ = /<(?:!|\/?(?:input|select|textarea|option|form|foreignobject|script|style|template|pre|listing|plaintext|xmp|iframe|noembed|noframes|noscript|math|font|frameset|body|head|html)\b)|\r|\0/i;
// (HTML's whitespace only: tab, line feed, form feed, space)
const TOKEN = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[\t\n\f ]+[^\t\n\f />"'=]+(?:="[^"]*")?)*)[\t\n\f ]*(\/?)>|([^<]+)/y;
const ATTRIBUTE = /[\t\n\f ]+([^\t\n\f />"'=]+)(?:="([^"]*)")?/g;
const ESCAPE = /&(amp|lt|gt|quot|#39|#x27);/g;
const ESCAPED = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" };
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'link', 'meta', 'source', 'track', 'wbr']);
const TABLE = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr', 'colgroup']);
// What an element stands for (an offer's row): its value is part of the
// skeleton, so another offer takes the patch (see `key`).
const KEY = 'data-offer';

function unescapeText(s) {
  if (!s.includes('&')) return s;
  return s.replace(ESCAPE, '').includes('&') ? null : s.replace(ESCAPE, (_, e) => ESCAPED[e]);
}

// { skeleton, values } of markup, or null when it is not read (above).
// The skeleton names every element, attribute and text node in order (and
// the keys' values); the values are the texts and the other attribute
// values, in the same order. Two markups with the same skeleton parse to
// the same nodes: what it leaves out (the case of names, the spacing in a
// tag, `a` or `a=""`, an end tag's attributes) does not change the parse,
// nor does a value as the reading allows them.
function readMarkup(markup) {
  if (NOT_READ.test(markup)) return null;
  let skeleton = '';
  const values = [];
  const open = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < markup.length) {
    const m = TOKEN.exec(markup);
    if (!m) return null;
    if (m[5] !== undefined) {
      if (TABLE.has(open[open.length - 1])) return null;
      const v = unescapeText(m[5]);
      if (v === null) return null;
      skeleton += '#';
      values.push(v);
      continue;
    }
    const name = m[2].toLowerCase();
    if (m[1]) {
      if (open.pop() !== name) return null;
      skeleton += '</>';
      continue;
    }
    // (a self-closing tag closes only in SVG: the templates write none)
    if (m[4] || (name === 'title' && !open.includes('svg'))) return null;
    skeleton += `<${name}`;
    ATTRIBUTE.lastIndex = 0;
    for (let a = ATTRIBUTE.exec(m[3]); a; a = ATTRIBUTE.exec(m[3])) {
      const n = a[1].toLowerCase();
      const v = unescapeText(a[2] ?? '');
      if (v === null || n.includes(':') || (n === 'open' && name === 'details')) return null;
      if (n === KEY) skeleton += ` ${n}=${v.length}:${v}`;
      else {
        skeleton += ` ${n}`;
        values.push(v);
      }
    }
    skeleton += '>';
    if (!VOID.has(name)) open.push(name);
  }
  return open.length ? null : { skeleton, values };
}

// The node of each of `last`'s values ([text node, null] or [element,
// attribute name]), when the element holds what `last` says; else null.
// An element's attributes are found by name: the patch keeps an attribute
// where it was and adds a new one last, so their order can differ from
// the markup's.
function slots(el, last) {
  const want = last.skeleton;
  const out = [];
  let at = 0;
  const expect = (s) => {
    if (!want.startsWith(s, at)) return false;
    at += s.length;
    return true;
  };
  const walk = (parent) => {
    for (let n = parent.firstChild; n; n = n.nextSibling) {
      if (n.nodeType === Node.TEXT_NODE) {
        if (!expect('#') || n.data !== last.values[out.length]) return false;
        out.push([n, null]);
      } else if (n.nodeType === Node.ELEMENT_NODE) {
        const name = n.localName.toLowerCase();
        if (!expect(`<${name}`)) return false;
        // the element's attributes by lowercase name (but a reader's open)
        const names = new Map();
        for (const a of n.getAttributeNames()) {
          if (!(a === 'open' && name === 'details')) names.set(a.toLowerCase(), a);
        }
        let count = 0;
        for (;;) {
          if (expect('>')) break;
          if (!expect(' ')) return false;
          const end = want.slice(at).search(/[ =>]/);
          if (end < 0) return false;
          const an = want.slice(at, at + end);
          at += end;
          const a = names.get(an);
          if (a === undefined) return false;
          count += 1;
          const v = n.getAttribute(a);
          if (an === KEY) {
            if (!expect(`=${v.length}:${v}`)) return false;
          } else {
            if (v !== last.values[out.length]) return false;
            out.push([n, a]);
          }
        }
        if (count !== names.size || (VOID.has(name) && n.firstChild) || !walk(n)) return false;
        if (!VOID.has(name) && !expect('</>')) return false;
      } else return false;
    }
    return true;
  };
  return walk(el) && at === want.length && out.length === last.values.length ? out : null;
}

function patch(to, from) {
  let a = to.firstChild;
  for (let b = from.firstChild; b; ) {
    const next = b.nextSibling;
    if (!a) to.appendChild(b);
    else if (a.nodeName !== b.nodeName || a.namespaceURI !== b.namespaceURI || key(a) !== key(b)) {
      const after = a.nextSibling;
      to.replaceChild(b, a);
      a = after;
    } else {
      if (a.nodeType !== Node.ELEMENT_NODE) {
        if (a.nodeValue !== b.nodeValue) a.nodeValue = b.nodeValue;
      } else if (!a.isEqualNode(b)) {
        attributes(a, b);
        patch(a, b);
      }
      if (a instanceof HTMLInputElement) control(a, b);
      a = a.nextSibling;
    }
    b = next;
  }
  while (a) {
    const after = a.nextSibling;
    to.removeChild(a);
    a = after;
  }
}

// What an element stands for (an offer's row): one for another is
// replaced, never patched, so no control is reused for another offer.
function key(n) {
  return n.nodeType === Node.ELEMENT_NODE ? n.getAttribute(KEY) : null;
}

// (an attribute no longer moves a control the reader has changed)
function control(a, b) {
  if (a.type === 'checkbox' || a.type === 'radio') {
    if (a.checked !== b.checked) a.checked = b.checked;
  } else if (a !== document.activeElement && a.value !== b.value) {
    a.value = b.value;
  }
}

// Every attribute of b onto a, and a's others removed (but a reader's
// open <details>). Read by name (getAttributeNames / getAttribute) rather
// than through Attr nodes, which each element's attribute list makes on
// first read (slower: docs/PERFORMANCE.md). A namespaced name (prefix:name) takes the namespace-aware path.
function attributes(a, b) {
  const names = b.getAttributeNames();
  let extra = a.attributes.length !== names.length;
  for (const n of names) {
    if (n.includes(':')) return attributesNS(a, b);
    const v = b.getAttribute(n);
    const w = a.getAttribute(n);
    if (w !== v) {
      if (w === null) extra = true;
      a.setAttribute(n, v);
    }
  }
  if (!extra) return;
  for (const n of a.getAttributeNames()) {
    if (!b.hasAttribute(n) && !(n === 'open' && a.localName === 'details')) a.removeAttribute(n);
  }
}

function attributesNS(a, b) {
  for (const at of b.attributes) {
    if (a.getAttributeNS(at.namespaceURI, at.localName) !== at.value) a.setAttributeNS(at.namespaceURI, at.name, at.value);
  }
  for (const at of [...a.attributes]) {
    if (!b.hasAttributeNS(at.namespaceURI, at.localName) && !(at.name === 'open' && a.localName === 'details')) {
      a.removeAttributeNS(at.namespaceURI, at.localName);
    }
  }
}
