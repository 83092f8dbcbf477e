import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every endpoint's service has one signature, `(deps, actor, input)` (docs/architecture.md, "Layout").
 * This reads each module's route file and checks the call its handlers make: the app's dependencies
 * first (`deps` or `app.deps`), who asks second (`r.actor`, or `visitorOf(r)` signed out), and one
 * input third.
 */
const modules = fileURLToPath(new URL('../modules/', import.meta.url));

const routeFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(path);
    return entry.name.endsWith('.routes.ts') ? [path] : [];
  });

const isDeps = (node: ts.Expression) => (ts.isIdentifier(node) && node.text === 'deps') || (ts.isPropertyAccessExpression(node) && node.getText() === 'app.deps');
const isWhoAsks = (node: ts.Expression, request: string) => node.getText() === `${request}.actor` || node.getText() === `visitorOf(${request})`;

interface Handler {
  line: number;
  text: string;
  /** The calls that hand the app's dependencies to a service. */
  serviceCalls: ts.CallExpression[];
  request: string;
}

/** The handlers (third argument) of every `serveEndpoint(…)` in one file's text. */
const handlersIn = (path: string, text: string): Handler[] => {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const handlers: Handler[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && node.expression.getText() === 'serveEndpoint') {
      const handler = node.arguments[2];
      if (handler && ts.isArrowFunction(handler)) {
        const serviceCalls: ts.CallExpression[] = [];
        const collect = (inner: ts.Node) => {
          if (ts.isCallExpression(inner) && inner.arguments[0] && isDeps(inner.arguments[0])) serviceCalls.push(inner);
          ts.forEachChild(inner, collect);
        };
        collect(handler.body);
        const first = handler.parameters[0];
        handlers.push({
          line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
          text: handler.getText().replace(/\s+/g, ' '),
          serviceCalls,
          request: first ? first.name.getText() : '',
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return handlers;
};

const misfits = (path: string, text: string) => {
  const found = handlersIn(path, text);
  const at = (h: Handler) => `${path}:${h.line}`;
  return {
    count: found.length,
    noService: found.filter((h) => h.serviceCalls.length === 0).map((h) => `${at(h)} ${h.text}`),
    wrongShape: found.flatMap((h) =>
      h.serviceCalls.filter((call) => call.arguments.length !== 3 || !isWhoAsks(call.arguments[1]!, h.request)).map((call) => `${at(h)} ${call.getText()}`),
    ),
  };
};

const found = routeFiles(modules).map((path) => misfits(relative(modules, path), readFileSync(path, 'utf8')));

describe('the one service signature', () => {
  it('finds the handlers of every module', () => {
    expect(found.reduce((n, f) => n + f.count, 0)).toBeGreaterThan(200);
  });

  it('each handler hands its service the app’s dependencies', () => {
    expect(found.flatMap((f) => f.noService)).toEqual([]);
  });

  it('each service is called with (deps, actor or visitor, input)', () => {
    expect(found.flatMap((f) => f.wrongShape)).toEqual([]);
  });

  it('tells the shapes it refuses', () => {
    const probe = [
      'serveEndpoint(app, e.a, (r) => one(deps, r.actor, { companyPk: r.params.pk }));',
      'serveEndpoint(app, e.b, async (r, reply) => send(reply, await two(app.deps, visitorOf(r), {})));',
      'serveEndpoint(app, e.c, (r) => three(db, r.actor, r.params.pk));',
      'serveEndpoint(app, e.d, (r) => four(deps, r.actor, r.params.pk, r.body));',
      'serveEndpoint(app, e.e, (r) => five(deps, r.params.pk, r.body));',
    ].join('\n');
    const result = misfits('probe.routes.ts', probe);
    expect(result.count).toBe(5);
    expect(result.noService).toEqual(['probe.routes.ts:3 (r) => three(db, r.actor, r.params.pk)']);
    expect(result.wrongShape).toEqual(['probe.routes.ts:4 four(deps, r.actor, r.params.pk, r.body)', 'probe.routes.ts:5 five(deps, r.params.pk, r.body)']);
  });
});
