import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
// The project's own config; only the rules that need the type checker are off, since the probe file does not exist.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
  },
});

const PROBE = [
  "import { eq } from 'drizzle-orm';",
  "import { transactions } from '../../db/schema/index.js';",
  "import { loadLines } from '../../modules/transactions/transactions.queries.js';",
  "import { connectionOfCompany } from '../../modules/ledger-connections/ledger-connections.queries.js';",
  "import type { LedgerRecord } from '../../modules/ledger/ledger-records.js';",
  'export const probe = [eq, transactions, loadLines, connectionOfCompany] as unknown as LedgerRecord;',
  '',
].join('\n');

const restricted = async (filePath: string) => {
  const [result] = await eslint.lintText(PROBE, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.line);
};

describe('the ledger adapters’ boundary (npm run lint)', () => {
  it('refuses the ORM, the schema and every module but the port in an adapter’s own files', async () => {
    expect(await restricted('apps/server/src/integrations/xero/xero-pull.ts')).toEqual([1, 2, 3, 4]);
  });

  it('lets a ledger’s HTTP side (callbacks, webhooks, sandbox pages) use the modules', async () => {
    expect(await restricted('apps/server/src/integrations/xero/http/xero-webhook.ts')).toEqual([]);
  });
});
