// Shorter import names for a wasm-bindgen build (used by postbuild.mjs).
//
// wasm-bindgen names every import `__wbg_<name>_<16 hex digits>` and writes
// each name twice: in the wasm's import section and as a key of the glue's
// imports object. The hex digits do not compress, so they cost the first
// load gzip bytes (docs/SIZE.md). This renames them to `a`, `b`, … `ba` … in both
// files (and the import module `./NAME_bg.js` to `w`): the wasm's import
// section is rewritten, every other section is copied byte for byte; in the
// glue each old name is replaced where it stands as a whole word (the hash
// makes every one unique). Anything it does not understand stops the build.
//
// It also drops the custom sections the toolchain leaves for tools
// (`producers`, `target_features`, `__wasm_split_unstable`: ~290 bytes
// that hardly compress); a browser reads none of them.
const TOOL_SECTIONS = new Set(['producers', 'target_features', '__wasm_split_unstable']);
import { readFileSync, writeFileSync } from 'node:fs';

function leb(bytes, at) {
  let v = 0, shift = 0, b;
  do {
    b = bytes[at++];
    v += (b & 0x7f) * 2 ** shift;
    shift += 7;
  } while (b & 0x80);
  return [v, at];
}

function putLeb(out, v) {
  do {
    let b = v % 128;
    v = Math.floor(v / 128);
    if (v > 0) b |= 0x80;
    out.push(b);
  } while (v > 0);
}

function putName(out, s) {
  const b = Buffer.from(s, 'utf8');
  putLeb(out, b.length);
  for (const x of b) out.push(x);
}

/** The length of an import's description (after its kind byte). */
function descEnd(bytes, at, kind) {
  const limits = (p) => {
    const flags = bytes[p++];
    if (flags > 3) throw new Error(`import limits flags ${flags} (memory64?) not handled`);
    [, p] = leb(bytes, p);
    if (flags & 1) [, p] = leb(bytes, p);
    return p;
  };
  const valtype = (p) => {
    const t = bytes[p];
    if ([0x7f, 0x7e, 0x7d, 0x7c, 0x7b, 0x70, 0x6f].includes(t)) return p + 1;
    throw new Error(`import value type 0x${t.toString(16)} not handled`);
  };
  switch (kind) {
    case 0: return leb(bytes, at)[1]; // function: type index
    case 1: return limits(valtype(at)); // table: reference type, limits
    case 2: return limits(at); // memory
    case 3: return valtype(at) + 1; // global: type, mutability
    case 4: return leb(bytes, at + 1)[1]; // tag: attribute, type index
    default: throw new Error(`import kind ${kind} not handled`);
  }
}

/** The n-th short name: a … z, ba, bb … (object keys, so a keyword such
 * as `do` would still be valid). */
function shortName(n) {
  const abc = 'abcdefghijklmnopqrstuvwxyz';
  let s = '';
  do {
    s = abc[n % 26] + s;
    n = Math.floor(n / 26);
  } while (n > 0);
  return s;
}

/** Rewrites the wasm's import section (and drops the tools' custom
 * sections); returns the new bytes and the map old name → new name. Names
 * already short (a second run) are left. */
export function shortenWasm(bytes, module) {
  if (bytes.readUInt32LE(0) !== 0x6d736100 || bytes.readUInt32LE(4) !== 1) throw new Error('not a wasm module');
  const out = [...bytes.subarray(0, 8)];
  const names = new Map();
  let at = 8;
  while (at < bytes.length) {
    const id = bytes[at];
    const [size, body] = leb(bytes, at + 1);
    const end = body + size;
    if (id === 0) {
      const [len, p] = leb(bytes, body);
      if (TOOL_SECTIONS.has(bytes.subarray(p, p + len).toString('utf8'))) {
        at = end;
        continue;
      }
    }
    if (id !== 2) {
      for (let i = at; i < end; i++) out.push(bytes[i]);
      at = end;
      continue;
    }
    const sec = [];
    let [count, p] = leb(bytes, body);
    putLeb(sec, count);
    for (let i = 0; i < count; i++) {
      let len;
      [len, p] = leb(bytes, p);
      const mod = bytes.subarray(p, p + len).toString('utf8');
      p += len;
      [len, p] = leb(bytes, p);
      const field = bytes.subarray(p, p + len).toString('utf8');
      p += len;
      const kind = bytes[p];
      const dEnd = descEnd(bytes, p + 1, kind);
      const rename = mod === module && field.startsWith('__wb');
      if (rename && !names.has(field)) names.set(field, shortName(names.size));
      putName(sec, rename ? 'w' : mod);
      putName(sec, rename ? names.get(field) : field);
      for (let j = p; j < dEnd; j++) sec.push(bytes[j]);
      p = dEnd;
    }
    if (p !== end) throw new Error('import section not read to its end');
    out.push(2);
    putLeb(out, sec.length);
    for (const x of sec) out.push(x);
    at = end;
  }
  return { bytes: Buffer.from(out), names };
}

/** Renames the imports object of the glue to match. */
export function shortenGlue(js, module, names) {
  const key = JSON.stringify(module);
  if (names.size === 0) return js;
  if (js.split(key).length !== 2) throw new Error(`${module}: expected once in the glue`);
  let out = js.replace(key, 'w');
  for (const [long, short] of names) {
    const re = new RegExp(`\\b${long}\\b`, 'g');
    const n = (out.match(re) ?? []).length;
    if (n === 0) throw new Error(`${long}: not in the glue`);
    out = out.replace(re, short);
  }
  return out;
}

/** Both files of one wasm-bindgen output, in place. Returns how many
 * imports were renamed. */
export function shortenImports(wasmPath, jsPath, module) {
  const { bytes, names } = shortenWasm(readFileSync(wasmPath), module);
  const js = shortenGlue(readFileSync(jsPath, 'utf8'), module, names);
  // the new module validates, and the glue has a key for each of its imports
  for (const i of WebAssembly.Module.imports(new WebAssembly.Module(bytes))) {
    if (i.module === 'w' && !new RegExp(`[{,]${i.name}:`).test(js)) throw new Error(`${jsPath}: no import ${i.name}`);
  }
  writeFileSync(wasmPath, bytes);
  writeFileSync(jsPath, js);
  return names.size;
}
