import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contractFile, packageImports, repoPath, staticImportGraph, webSrc } from '../../../test/import-graph';

/**
 * The signed-out sign-in page is every visitor's first download, so it loads only the auth area of
 * the contract: its endpoints, their schemas and the shared ground they stand on. A file of another
 * area (or the barrel `@herd/contract`, which reaches them all) on this page would make it grow with
 * every module again. The page is the app's entry plus the auth page's lazy chunk.
 */
const SIGN_IN_PAGE = [webSrc('main.tsx'), webSrc('features/auth/pages/auth-page.tsx')];

/** The contract files the sign-in page may load: the auth area and the shared base every area uses. */
const AUTH_AREA = [
  'endpoints/app.ts',
  'endpoints/auth.ts',
  'endpoints/mfa.ts',
  'auth.ts',
  'mfa.ts',
  'endpoint.ts',
  'error-map.ts',
  'fields.ts',
  'ids.ts',
  'messages.ts',
  'enums.ts',
  'constants.ts',
  'paths.ts',
  'time-zone.ts',
].map(contractFile);

/** antd, its icons and its component library: a few kilobytes of use bring its shared chunk, the biggest part of a first load. */
const ANTD = /^(antd|@ant-design|@rc-component|rc-)(\/|$)/;

describe('the sign-in page’s imports', () => {
  const graph = staticImportGraph(SIGN_IN_PAGE);

  it('reach no antd: the entry and the signed-out screens are drawn with plain elements, antd’s theme comes with the screens drawn with it', () => {
    const antd = [...packageImports(graph)].filter(([name]) => ANTD.test(name)).map(([name, importer]) => `${name} (imported by ${repoPath(importer)})`);
    expect(antd).toEqual([]);
  });

  it('reach no contract file outside the auth area', () => {
    const outside = [...graph]
      .filter(([file]) => file.startsWith(contractFile('')) && !AUTH_AREA.includes(file))
      .map(([file, importer]) => `${repoPath(file)} (imported by ${repoPath(importer)})`);
    expect(outside).toEqual([]);
  });

  it('load the auth endpoints and the shared error map', () => {
    // The walk itself must see the contract, or the check above would pass for the wrong reason.
    expect(graph.has(contractFile('endpoints/auth.ts'))).toBe(true);
    expect(graph.has(contractFile('error-map.ts'))).toBe(true);
  });

  it('keep the error map in the build, though nothing is imported from it', () => {
    // The contract is otherwise free of side effects, so the bundler drops a module none of whose
    // exports is used: the map's `z.config` call must be declared, or forms fall back to zod's wording.
    const contractPackage = JSON.parse(readFileSync(contractFile('../package.json'), 'utf8')) as { sideEffects?: unknown };
    expect(contractPackage.sideEffects).toEqual(['./src/error-map.ts']);
  });
});

describe('the Xero sign-in page’s imports', () => {
  // Reached from the sign-in page, and drawn the same way: its chunk brings no antd either.
  const graph = staticImportGraph([webSrc('features/auth/pages/xero-page.tsx')]);

  it('reach no antd', () => {
    const antd = [...packageImports(graph)].filter(([name]) => ANTD.test(name)).map(([name, importer]) => `${name} (imported by ${repoPath(importer)})`);
    expect(antd).toEqual([]);
  });

  it('load Xero’s endpoints and the second step of signing in, so the walk saw the page', () => {
    expect(graph.has(contractFile('endpoints/xero.ts'))).toBe(true);
    expect(graph.has(webSrc('features/auth/components/mfa-step.tsx'))).toBe(true);
  });
});
