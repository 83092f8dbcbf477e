import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Conventions are listed in docs/architecture.md ("Conventions (enforced)"). Import cycles are
// checked by `npm run lint:cycles` (dpdm), formatting by `npm run format:check` (Prettier).

/** Tool configs are the one place a default export is expected. */
const TOOL_CONFIGS = ['**/*.config.{js,mjs,cjs,ts}'];

const webFeatures = readdirSync(new URL('apps/web/src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** One block per web feature: it may use another feature's api.ts and hooks, never its components or pages. */
const featureBoundaries = webFeatures.map((feature) => {
  const others = webFeatures.filter((other) => other !== feature);
  return {
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `(^|/)(${others.join('|')})/(components|pages)(/|$)`,
              message: `Features are independent: "${feature}" may use another feature's api.ts and hooks, not its components or pages. Move a shared component to apps/web/src/ui/, or into "${feature}" if only it uses it.`,
            },
          ],
        },
      ],
    },
  };
});

/**
 * Services reach a ledger only through LedgerAdapter (modules/books/ledger/: ledger-adapter.port.ts, ledger-registry.service.ts,
 * ledger-errors.port.ts, herd-held.adapter.ts, watched-accounts.rule.ts); a ledger's internals stay with it,
 * so the next ledger is added without touching the modules.
 */
const ledgerInternals = {
  regex: 'integrations/[^/]+/',
  message: 'Modules reach a ledger through LedgerAdapter (deps.ledgers.adapterFor(kind)), never through a ledger’s own files.',
};
/**
 * An outside service's adapter (a ledger, Karbon, Twilio, Stripe, email, file storage) is a translator:
 * it speaks the service's protocol and answers in its port's words. The ledgers share one port, the
 * `ledger` module; every other service has a `<module>/<service>.port.ts` in the module that uses it.
 * An adapter takes no database and decides nothing for Herd, so outside its HTTP side (OAuth callbacks,
 * webhooks, sandbox pages in `integrations/<service>/http/`) it imports no module but a port, and neither
 * the ORM nor the schema.
 */
const adapterBoundary = [
  {
    regex: '(^|/)modules/(?!books/ledger/|[a-z-]+/[a-z-]+/[a-z-]+\\.port(\\.js)?$)',
    message:
      'An adapter reaches Herd only through its port (modules/books/ledger, or modules/<domain>/<module>/<service>.port.ts): the module that calls it does the writing, deciding and notifying.',
  },
  {
    regex: '^drizzle-orm(/|$)|(^|/)db/(schema|client)(/|\\.|$)',
    message: "An adapter takes no database: answer in the port's records and let the module write them.",
  },
];
/**
 * A module's queries are its own: another module calls its service or its published face
 * (`<module>.face.ts`, the list of what it offers others). The audit log, the one table every
 * module writes, is written through the kernel (kernel/audit.queries.ts).
 */
const otherModulesQueries = {
  regex: '^(\\.\\./[a-z-]+|\\.\\./\\.\\./[a-z-]+/[a-z-]+)/.+\\.queries(\\.[jt]s)?$',
  message: "Another module's queries are its own: call its service or its published face (<module>.face.ts), adding there what you need.",
};
/**
 * The kernel (who is asking, what they may do, which companies they see, the audit log) is what every
 * module may use; it imports no module, or a module could reach another through it.
 */
const kernelLeansOnNoModule = {
  regex: '(^|/)modules/',
  message: 'The kernel imports no module: every module uses it. Move what it needs into the kernel, or the caller into a module.',
};
const routesToQueries = {
  regex: '\\.queries(\\.[jt]s)?$',
  message: "A route parses the request, calls its module's service and replies: move the query call into the service (*.service.ts).",
};

const noDefaultExports = ['ExportDefaultDeclaration', "ExportSpecifier[exported.name='default']", "ExportAllDeclaration[exported.name='default']"].map((selector) => ({
  selector,
  message: 'Use a named export: a name is the same at every import, searchable and renamed safely. Default exports are for tool configs (*.config.*) only.',
}));

/**
 * `x as unknown as T` says nothing of why the types disagree. Type it properly (a narrower parameter, the
 * driver's rows through `db/raw-rows.ts`), or say why where it stands, in the comment that switches this off.
 */
const noDoubleCasts = [
  {
    selector: "TSAsExpression > TSAsExpression[typeAnnotation.type='TSUnknownKeyword']",
    message: 'No `as unknown as`: type it properly, or explain why in `// eslint-disable-next-line no-restricted-syntax -- <why>`.',
  },
];

/** Routes come from the contract's route table, and a handler is one service call (no statements of its own). */
const routesFromTheTable = [
  {
    selector: "CallExpression[callee.object.name='app'][callee.property.name=/^(get|post|put|patch|delete|route)$/]",
    message: 'Declare the route in packages/contract/src/endpoints/ and register it with serveEndpoint(app, endpoint, handler).',
  },
  {
    selector: "CallExpression[callee.name='serveEndpoint'] > ArrowFunctionExpression > BlockStatement",
    message: 'A handler is one call: (r) => service(db, r.actor, …). Move the statements into the service.',
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.tmp/**', 'test-results/**', 'playwright-report/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      // Source and tests alike; blank lines and comments do not count, so documenting code costs nothing.
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    ignores: TOOL_CONFIGS,
    rules: { 'no-restricted-syntax': ['error', ...noDefaultExports, ...noDoubleCasts] },
  },
  {
    // A test's stand-in (a logger, a form, a session) has only what the code under test calls.
    files: ['**/*.test.{ts,tsx}', 'apps/*/test/**', 'e2e/**'],
    rules: { 'no-restricted-syntax': ['error', ...noDefaultExports] },
  },
  {
    // The health check lives outside the versioned API (see HEALTHCHECK_PATH) and registers itself.
    files: ['apps/server/src/**/*.routes.ts'],
    ignores: ['apps/server/src/modules/platform/health/health.routes.ts'],
    rules: { 'no-restricted-syntax': ['error', ...noDefaultExports, ...noDoubleCasts, ...routesFromTheTable] },
  },
  // The rules that need types (a promise left floating, or passed where nothing waits for it) run in oxlint on
  // TypeScript 7's checker (.oxlintrc.json): in typescript-eslint they took two thirds of the lint's time.
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...featureBoundaries,
  // In flat config a later block's no-restricted-imports replaces an earlier one's for the same files,
  // so the server's import boundaries are one list per kind of file, built from the patterns at the top.
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['apps/server/src/**/*.routes.ts', 'apps/server/src/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [ledgerInternals, otherModulesQueries] }] },
  },
  {
    // Tests set up what they need wherever it lives.
    files: ['apps/server/src/modules/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [ledgerInternals] }] },
  },
  {
    files: ['apps/server/src/**/*.routes.ts'],
    ignores: ['apps/server/src/integrations/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [routesToQueries] }] },
  },
  {
    // Tests drive the whole app (database included) and are not adapter code.
    files: ['apps/server/src/integrations/**/*.ts'],
    ignores: ['apps/server/src/integrations/*/http/**', 'apps/server/src/integrations/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: adapterBoundary }] },
  },
  {
    files: ['apps/server/src/integrations/*/http/**/*.routes.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [routesToQueries] }] },
  },
  {
    files: ['apps/server/src/modules/**/*.routes.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [routesToQueries, ledgerInternals] }] },
  },
  {
    files: ['apps/server/src/kernel/**/*.ts'],
    ignores: ['apps/server/src/kernel/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [kernelLeansOnNoModule] }] },
  },
);
