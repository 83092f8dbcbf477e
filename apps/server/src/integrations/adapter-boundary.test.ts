import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
// The project's own config (the rules that need types run in oxlint, so the probe file need not exist).
const eslint = new ESLint({ cwd: root });

const PROBE = [
  "import { eq } from 'drizzle-orm';",
  "import { transactions } from '../../db/schema/index.js';",
  "import { loadLines } from '../../modules/books/transactions/transactions.queries.js';",
  "import { connectionOfCompany } from '../../modules/books/ledger-connections/ledger-connections.queries.js';",
  "import type { LedgerRecord } from '../../modules/books/ledger/ledger-records.port.js';",
  "import type { KarbonApi } from '../../modules/firm/practice-management/karbon.port.js';",
  "import { karbonInstanceOf } from '../../modules/firm/practice-management/karbon.queries.js';",
  'export const probe = [eq, transactions, loadLines, connectionOfCompany, karbonInstanceOf] as unknown as [LedgerRecord, KarbonApi];',
  '',
].join('\n');

const restricted = async (filePath: string) => {
  const [result] = await eslint.lintText(PROBE, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.line);
};

describe('the adapters’ boundary (npm run lint)', () => {
  it('refuses the ORM, the schema and every module but the port in an adapter’s own files', async () => {
    expect(await restricted('apps/server/src/integrations/xero/xero-pull.ts')).toEqual([1, 2, 3, 4, 7]);
  });

  it('holds every outside service to the same: Karbon’s adapter reaches Herd only through its port', async () => {
    expect(await restricted('apps/server/src/integrations/karbon/karbon-client.ts')).toEqual([1, 2, 3, 4, 7]);
  });

  it('lets a ledger’s HTTP side (callbacks, webhooks, sandbox pages) use the modules', async () => {
    expect(await restricted('apps/server/src/integrations/xero/http/xero-webhook.ts')).toEqual([]);
  });
});
