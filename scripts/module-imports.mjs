#!/usr/bin/env node
// Counts how the server's modules reach each other: every import (type-only imports and re-exports
// included) from a file of one module, `apps/server/src/modules/<name>/`, into a file of another;
// how many of them go through the other's door (`<name>.face.ts`); and the pairs of modules that
// import each other, and the loops they form. Tests are left out: they may reach inside. `--list` prints
// each pair, each loop and each import that skips a door; `--json` prints the counts for tools.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const MODULES = path.resolve(import.meta.dirname, '../apps/server/src/modules');
const SPECIFIER = /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

const sourceFiles = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });

/** The module a file belongs to, or null outside `modules/`. */
const moduleOf = (file) => {
  const relative = path.relative(MODULES, file);
  return relative.startsWith('..') ? null : relative.split(path.sep)[0];
};

/** The file a relative specifier names (`.js` in the source stands for the `.ts` file). */
const resolveTarget = (from, specifier) => path.resolve(path.dirname(from), specifier.replace(/\.js$/, '.ts'));

/**
 * The loops of modules: groups in which every module reaches every other by imports (the strongly
 * connected components of the module graph, Tarjan's algorithm), larger groups first. While a module is
 * in one, importing another member's face for one name can close a cycle of files.
 */
const loopsOf = (imports) => {
  const next = new Map();
  for (const { from, to } of imports) next.set(from, new Set([...(next.get(from) ?? []), to]));
  const index = new Map();
  const low = new Map();
  const stack = [];
  const loops = [];
  const visit = (module) => {
    index.set(module, index.size);
    low.set(module, index.get(module));
    stack.push(module);
    for (const other of next.get(module) ?? []) {
      if (!index.has(other)) {
        visit(other);
        low.set(module, Math.min(low.get(module), low.get(other)));
      } else if (stack.includes(other)) low.set(module, Math.min(low.get(module), index.get(other)));
    }
    if (low.get(module) !== index.get(module)) return;
    const loop = stack.splice(stack.indexOf(module));
    if (loop.length > 1) loops.push(loop.sort());
  };
  for (const module of next.keys()) if (!index.has(module)) visit(module);
  return loops.sort((a, b) => b.length - a.length);
};

export const countModuleImports = () => {
  const imports = [];
  for (const file of sourceFiles(MODULES)) {
    const from = moduleOf(file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(SPECIFIER)) {
      const specifier = match[1] ?? match[2];
      if (!specifier.startsWith('.')) continue;
      const target = resolveTarget(file, specifier);
      const to = moduleOf(target);
      if (!to || to === from) continue;
      imports.push({ from, to, file: path.relative(MODULES, file), target: path.relative(MODULES, target), door: path.basename(target) === `${to}.face.ts` });
    }
  }
  const edges = new Set(imports.map((i) => `${i.from}→${i.to}`));
  const pairs = [...edges]
    .map((edge) => edge.split('→'))
    .filter(([a, b]) => a < b && edges.has(`${b}→${a}`))
    .map(([a, b]) => `${a} ↔ ${b}`)
    .sort();
  return {
    loops: loopsOf(imports),
    modules: new Set(sourceFiles(MODULES).map(moduleOf)).size,
    imports: imports.length,
    throughDoors: imports.filter((i) => i.door).length,
    pastDoors: imports.filter((i) => !i.door),
    pairs,
  };
};

const print = (line) => process.stdout.write(`${line}\n`);

if (import.meta.url === `file://${process.argv[1]}`) {
  const counts = countModuleImports();
  if (process.argv.includes('--json')) {
    print(JSON.stringify({ ...counts, pastDoors: counts.pastDoors.length }, null, 2));
  } else {
    print(`${counts.modules} modules; ${counts.imports} imports from one module into another`);
    print(`  through the other's door (<module>.face.ts): ${counts.throughDoors}`);
    print(`  into its internal files: ${counts.pastDoors.length}`);
    print(`${counts.pairs.length} pairs of modules import each other`);
    print(`loops of modules: ${counts.loops.map((loop) => `${loop.length} modules`).join(', ') || 'none'}`);
    if (process.argv.includes('--list')) {
      for (const pair of counts.pairs) print(`  ${pair}`);
      for (const loop of counts.loops) print(`  loop: ${loop.join(', ')}`);
      for (const i of counts.pastDoors) print(`  past the door: ${i.file} → ${i.target}`);
    }
  }
}
