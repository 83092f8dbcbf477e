#!/usr/bin/env node
// Holds the server's modules to their doors. Each of these fails:
// - an import from a file of one module into an internal file of another (anything but its face,
//   `<module>.face.ts`), and any pair of modules importing each other;
// - an import from a module of a lower domain into one of a higher domain (the order is DOMAINS in
//   module-imports.mjs), and a folder under modules/ that is no domain;
// - a module file whose name does not end in its role (ROLES there);
// - an import from the kernel (`apps/server/src/kernel/`) into any module: every module may use the
//   kernel, so it leans on none of them.
// There is no list of exceptions and no comment that switches it off for a file: a module offers
// something to others by putting it on its face. Tests are exempt (module-imports.mjs leaves them out).
import { countModuleImports, ROLES } from './module-imports.mjs';

const print = (line) => process.stdout.write(`${line}\n`);

/** What fails: each import past a door, and each pair of modules importing each other. */
export const judge = (counts) => [
  ...counts.pastDoors.map((i) => `imports past another module's door: ${i.file} → ${i.target} (import its ${i.to}.face.ts, adding there what you need)`),
  ...counts.pairs.map((pair) => `a pair of modules importing each other: ${pair} (one of them must not know the other)`),
  ...counts.climbs.map((i) => `imports up from a lower domain: ${i.file} → ${i.target} (move the module, or turn the call around with an event or a port)`),
  ...counts.withoutRole.map(
    (file) =>
      `a module file without its role in its name: ${file} (end it with one of ${Object.keys(ROLES)
        .map((role) => `.${role}`)
        .join(', ')}: see ROLES in scripts/module-imports.mjs)`,
  ),
  ...counts.kernelReachingModules.map((line) => `the kernel imports a module: ${line} (the kernel is what every module uses; move what it needs into it)`),
  ...counts.strayFolders.map((folder) => `modules/${folder}/ is not a domain: put the module in one of the domains listed in scripts/module-imports.mjs`),
];

if (import.meta.url === `file://${process.argv[1]}`) {
  const counts = countModuleImports();
  const problems = judge(counts);
  for (const problem of problems) print(problem);
  if (problems.length > 0) process.exit(1);
  print(`module doors: ${counts.imports} imports between ${counts.modules} modules, all through a door; no pair; none up a domain; every file named for its role`);
}
