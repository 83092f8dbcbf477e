import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The files a browser loads with an entry module before any lazy chunk: the entry's static imports,
 * followed through the app's own files and the contract package (node_modules are not followed).
 * Type-only imports are left out, since the build drops them; `import()` is a lazy chunk of its own
 * and is not followed either.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const contractSrc = path.join(repoRoot, 'packages/contract/src');
const extensions = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

const resolveFile = (base: string): string | undefined => {
  if (existsSync(base) && statSync(base).isFile()) return base;
  // The contract writes its imports with `.js` (Node's ESM spelling) for files that are `.ts`.
  const withoutJs = base.replace(/\.js$/, '');
  for (const ext of extensions) if (existsSync(withoutJs + ext)) return withoutJs + ext;
  return undefined;
};

/** Where `specifier`, imported by `from`, lives; undefined for a package outside the workspace. */
const resolveImport = (specifier: string, from: string): string | undefined => {
  if (specifier.startsWith('.')) return resolveFile(path.resolve(path.dirname(from), specifier));
  if (specifier === '@herd/contract') return path.join(contractSrc, 'index.ts');
  if (specifier.startsWith('@herd/contract/')) return resolveFile(path.join(contractSrc, specifier.slice('@herd/contract/'.length)));
  return undefined;
};

/** Whether an import or export declaration brings nothing but types (erased by the build). */
const typeOnly = (node: ts.ImportDeclaration | ts.ExportDeclaration): boolean => {
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return true;
    return !!node.exportClause && ts.isNamedExports(node.exportClause) && node.exportClause.elements.every((e) => e.isTypeOnly);
  }
  const clause = node.importClause;
  if (!clause) return false; // `import './x'`: a side effect
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return !!bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly);
};

const staticImports = (file: string): string[] => {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  for (const node of source.statements) {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) && !typeOnly(node)) {
      specifiers.push(node.moduleSpecifier.text);
    }
  }
  return specifiers;
};

/** Every workspace file the entries load, each mapped to the file that first imported it (for messages). */
export const staticImportGraph = (entries: string[]): Map<string, string> => {
  const seen = new Map<string, string>(entries.map((entry) => [entry, '(entry)']));
  const queue = [...entries];
  for (let file = queue.shift(); file; file = queue.shift()) {
    for (const specifier of staticImports(file)) {
      const target = resolveImport(specifier, file);
      if (target && !seen.has(target)) {
        seen.set(target, file);
        queue.push(target);
      }
    }
  }
  return seen;
};

/**
 * The packages (bare specifiers outside the workspace: `antd`, `antd/locale/en_US`, `react`) that the
 * files of `graph` import statically, each mapped to the first file that imports it.
 */
export const packageImports = (graph: Map<string, string>): Map<string, string> => {
  const packages = new Map<string, string>();
  for (const file of graph.keys()) {
    for (const specifier of staticImports(file)) {
      if (!specifier.startsWith('.') && !resolveImport(specifier, file) && !packages.has(specifier)) packages.set(specifier, file);
    }
  }
  return packages;
};

/** A path relative to the repository, for readable failures. */
export const repoPath = (file: string): string => path.relative(repoRoot, file);
export const webSrc = (relative: string): string => path.join(repoRoot, 'apps/web/src', relative);
export const contractFile = (relative: string): string => path.join(contractSrc, relative);
