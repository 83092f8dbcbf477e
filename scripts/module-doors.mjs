#!/usr/bin/env node
// Holds the server's modules to their doors: an import from a file of one module into an internal file
// of another (anything but its face, `<module>.face.ts`) fails, and so does any pair of modules importing
// each other. There is no list of exceptions and no comment that switches it off for a file: a module
// offers something to others by putting it on its face. Tests are exempt (scripts/module-imports.mjs
// leaves them out). The kernel (`apps/server/src/kernel/`) is no module: every module may use it.
import { countModuleImports } from './module-imports.mjs';

const print = (line) => process.stdout.write(`${line}\n`);

/** What fails: each import past a door, and each pair of modules importing each other. */
export const judge = (counts) => [
  ...counts.pastDoors.map((i) => `imports past another module's door: ${i.file} → ${i.target} (import its ${i.to}.face.ts, adding there what you need)`),
  ...counts.pairs.map((pair) => `a pair of modules importing each other: ${pair} (one of them must not know the other)`),
];

if (import.meta.url === `file://${process.argv[1]}`) {
  const counts = countModuleImports();
  const problems = judge(counts);
  for (const problem of problems) print(problem);
  if (problems.length > 0) process.exit(1);
  print(`module doors: ${counts.imports} imports between ${counts.modules} modules, all through a door; no pair`);
}
