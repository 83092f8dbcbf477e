#!/usr/bin/env node
// Holds the server's modules to their doors while the last loops between them are cut: an import
// into another module's internal file, or a new pair of modules importing each other, fails unless
// it is on the list in module-doors.allowed.json. The list only shrinks: an entry that no longer
// happens fails too, until `--shrink` takes it off. Nothing is ever added to it by a command: a
// new import goes through the other module's face (`<module>.face.ts`) instead.
import { readFileSync, writeFileSync } from 'node:fs';
import { countModuleImports } from './module-imports.mjs';

const LIST = new URL('module-doors.allowed.json', import.meta.url);
const pastDoor = (i) => `${i.file} → ${i.target}`;

/** What fails: imports and pairs that are not on the list, and entries of the list that no longer happen. */
export const judge = (counts, allowed) => {
  const now = { pastDoors: new Set(counts.pastDoors.map(pastDoor)), pairs: new Set(counts.pairs) };
  const listed = { pastDoors: new Set(allowed.pastDoors), pairs: new Set(allowed.pairs) };
  const outside = (kind) => [...now[kind]].filter((entry) => !listed[kind].has(entry));
  const gone = (kind) => [...listed[kind]].filter((entry) => !now[kind].has(entry));
  return { newPastDoors: outside('pastDoors'), newPairs: outside('pairs'), gonePastDoors: gone('pastDoors'), gonePairs: gone('pairs') };
};

const print = (line) => process.stdout.write(`${line}\n`);

if (import.meta.url === `file://${process.argv[1]}`) {
  const counts = countModuleImports();
  const allowed = JSON.parse(readFileSync(LIST, 'utf8'));
  const verdict = judge(counts, allowed);
  if (process.argv.includes('--shrink')) {
    const keep = (list, gone) => list.filter((entry) => !gone.includes(entry));
    const shrunk = { ...allowed, pastDoors: keep(allowed.pastDoors, verdict.gonePastDoors), pairs: keep(allowed.pairs, verdict.gonePairs) };
    writeFileSync(LIST, `${JSON.stringify(shrunk, null, 2)}\n`);
    print(`module-doors.allowed.json: ${shrunk.pastDoors.length} imports past a door, ${shrunk.pairs.length} pairs`);
    verdict.gonePastDoors = [];
    verdict.gonePairs = [];
  }
  const problems = [
    ...verdict.newPastDoors.map((e) => `imports past another module's door: ${e} (import its <module>.face.ts, adding there what you need)`),
    ...verdict.newPairs.map((e) => `a new pair of modules importing each other: ${e} (one of them must not know the other)`),
    ...verdict.gonePastDoors.map((e) => `no longer happens, take it off the list (node scripts/module-doors.mjs --shrink): ${e}`),
    ...verdict.gonePairs.map((e) => `no longer a pair, take it off the list (node scripts/module-doors.mjs --shrink): ${e}`),
  ];
  for (const problem of problems) print(problem);
  if (problems.length > 0) process.exit(1);
  print(`module doors: ${counts.pastDoors.length} imports past a door and ${counts.pairs.length} pairs, all on the shrinking list`);
}
