#!/usr/bin/env node
// Counts how the server's modules reach each other: every import (type-only imports and re-exports
// included) from a file of one module, `apps/server/src/modules/<domain>/<name>/`, into a file of
// another; how many of them go through the other's door (`<name>.face.ts`); the pairs of modules that
// import each other, and the loops they form; and the imports that climb from a lower domain into a
// higher one. Tests are left out: they may reach inside. `--list` prints each pair, each loop, each
// climb and each import that skips a door; `--json` prints the counts for tools.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const MODULES = path.resolve(import.meta.dirname, '../apps/server/src/modules');
const KERNEL = path.resolve(import.meta.dirname, '../apps/server/src/kernel');
/**
 * The domains, from the bottom of the house up. A module may use the modules of its own domain and of
 * the domains below it, never one above: what the firm is does not depend on how it talks to clients.
 */
export const DOMAINS = [
  ['platform', 'what every part stands on: stored files, rate limits, idempotency, flags, banners, health'],
  ['firm', 'the firm itself: its plan and billing, settings, request templates, analytics, its practice-management link'],
  ['messaging', 'how Herd reaches a person: the bell and its emails, email preferences, texts'],
  ['people', 'people and access: sign-in, MFA, invitations, restrictions, profiles, coworkers, who may open a sandbox'],
  ['books', 'the books: ledgers and their connections, lists, transactions, suggestions, rules, imports and exports, client companies'],
  ['files', 'files and receipts: the document browser, receipts and their reading and matching'],
  ['conversation', "asking clients and hearing back: requests, notes, reminders, digests, what arrives by email and text, the client's side"],
].map(([name, holds]) => ({ name, holds }));
/**
 * What a module file may be, said by the last word of its name before `.ts` (`publish.service.ts`):
 * a newcomer looking for a behaviour finds the module by its domain, then the file by its role.
 */
export const ROLES = {
  face: "the module's door: all that other modules may use of it",
  routes: 'HTTP routes: parse the request, call one service, answer',
  service: 'what the module does: permissions, transactions, the calls to its queries and to other modules',
  queries: 'SQL: reads and writes of the tables the module owns',
  job: 'work run off the request path by the job queue or a sweep',
  rule: 'a rule of the domain, named for what it decides, with no database',
  view: 'how a record is shown in the API’s answers',
  content: 'what an email or a text says',
  format: 'a file or message format read or written (CSV, .qwc, email, images, zip)',
  port: 'what Herd needs of an outside service, or of another module handed in by the app',
  adapter: 'an adapter that speaks a port itself',
  settings: 'settings read from the environment at start',
  types: 'types the module’s files share',
  command: "an operator's command line",
  worker: 'code that runs in, or manages, a worker thread',
};
const ROLE_NAME = new RegExp(`\\.(${Object.keys(ROLES).join('|')})\\.(ts|tsx|mjs)$`);

const DOMAIN_RANK = new Map(DOMAINS.map(({ name }, rank) => [name, rank]));

const SPECIFIER = /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

const sourceFiles = (dir, kind = /\.tsx?$/) =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full, kind);
    return kind.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });

/** The module a file belongs to (`<domain>/<name>`), or null outside `modules/`. */
const moduleOf = (file) => {
  const relative = path.relative(MODULES, file);
  return relative.startsWith('..') ? null : relative.split(path.sep).slice(0, 2).join('/');
};
const domainOf = (module) => module.split('/')[0];
const nameOf = (module) => module.split('/')[1];

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
      imports.push({ from, to, file: path.relative(MODULES, file), target: path.relative(MODULES, target), door: path.basename(target) === `${nameOf(to)}.face.ts` });
    }
  }
  const edges = new Set(imports.map((i) => `${i.from}→${i.to}`));
  const pairs = [...edges]
    .map((edge) => edge.split('→'))
    .filter(([a, b]) => a < b && edges.has(`${b}→${a}`))
    .map(([a, b]) => `${a} ↔ ${b}`)
    .sort();
  const modules = new Set(sourceFiles(MODULES).map(moduleOf));
  // The kernel is what every module may use, so it may lean on none of them.
  const kernelReachingModules = sourceFiles(KERNEL).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(SPECIFIER)]
      .map((match) => match[1] ?? match[2])
      .filter((specifier) => specifier.startsWith('.') && moduleOf(resolveTarget(file, specifier)))
      .map((specifier) => `${path.relative(KERNEL, file)} → ${specifier}`),
  );
  const files = [...sourceFiles(MODULES), ...sourceFiles(MODULES, /\.mjs$/)];
  return {
    loops: loopsOf(imports),
    modules: modules.size,
    strayFolders: [...new Set([...modules].map(domainOf))].filter((domain) => !DOMAIN_RANK.has(domain)),
    climbs: imports.filter((i) => DOMAIN_RANK.get(domainOf(i.to)) > DOMAIN_RANK.get(domainOf(i.from))),
    withoutRole: files.filter((file) => !ROLE_NAME.test(file)).map((file) => path.relative(MODULES, file)),
    kernelReachingModules,
    crossDomain: imports.filter((i) => domainOf(i.to) !== domainOf(i.from)).length,
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
    print(
      JSON.stringify(
        {
          ...counts,
          pastDoors: counts.pastDoors.length,
          climbs: counts.climbs.length,
          withoutRole: counts.withoutRole.length,
          kernelReachingModules: counts.kernelReachingModules.length,
        },
        null,
        2,
      ),
    );
  } else {
    print(`${counts.modules} modules; ${counts.imports} imports from one module into another`);
    print(`  through the other's door (<module>.face.ts): ${counts.throughDoors}`);
    print(`  into its internal files: ${counts.pastDoors.length}`);
    print(`${counts.pairs.length} pairs of modules import each other`);
    print(`loops of modules: ${counts.loops.map((loop) => `${loop.length} modules`).join(', ') || 'none'}`);
    print(`module files without a role in their name: ${counts.withoutRole.length}`);
    print(`${DOMAINS.length} domains; ${counts.crossDomain} imports from one domain into another, ${counts.climbs.length} of them into a higher one`);
    if (process.argv.includes('--list')) {
      for (const pair of counts.pairs) print(`  ${pair}`);
      for (const loop of counts.loops) print(`  loop: ${loop.join(', ')}`);
      for (const i of counts.pastDoors) print(`  past the door: ${i.file} → ${i.target}`);
      for (const i of counts.climbs) print(`  up a domain: ${i.file} → ${i.target}`);
      for (const file of counts.withoutRole) print(`  no role: ${file}`);
      for (const line of counts.kernelReachingModules) print(`  the kernel imports a module: ${line}`);
      for (const folder of counts.strayFolders) print(`  not a domain: modules/${folder}/`);
    }
  }
}
