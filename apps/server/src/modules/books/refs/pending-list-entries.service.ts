import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { clientCompanies } from '../../../db/schema/index.js';
import type { ListEntryOutcome, NewListEntry } from '../ledger/ledger.face.js';
import { findPendingEntries, setAccountLedgerCopy, setRefLedgerCopy } from './refs.queries.js';
import type { AppDeps } from '../../../app-deps.js';
import type { Db } from '../../../db/client.js';

/**
 * A vendor, customer or category made in Herd for a ledger reached only through its connector
 * (QuickBooks Desktop) waits under an id of this form until the connector's next run makes it in
 * the ledger, and then takes the ledger's id. The run makes entries before it pulls or publishes,
 * so a published line names the ledger's id, and the pull finds the entry already known.
 */
const PENDING = 'pending:';

export const pendingExternalId = () => `${PENDING}${randomUUID()}`;

/** Whether the company has entries waiting for the connector's next run. */
export const hasWaitingListEntries = async (db: Db, companyPk: number) => {
  const { refs, accounts } = await findPendingEntries(db, companyPk, PENDING);
  return refs.length + accounts.length > 0;
};

/** What to store of the ledger's answer: its id and copy when made; its words when refused (the entry keeps waiting). */
const ledgerCopy = (outcome: ListEntryOutcome) => {
  if (outcome.kind === 'created') return { externalId: outcome.externalId, raw: outcome.raw };
  if (outcome.kind === 'refused') return { raw: { refused: outcome.message } };
  return null;
};

/** Makes in the ledger each entry of the company still waiting, one at a time, recording each answer before the next. */
export const createWaitingListEntries = async (deps: Pick<AppDeps, 'db' | 'ledgers'>, companyPk: number) => {
  const [company] = await deps.db.select().from(clientCompanies).where(eq(clientCompanies.pk, companyPk));
  if (!company) return;
  const adapter = deps.ledgers.adapterFor(company.connectionKind);
  const { refs, accounts } = await findPendingEntries(deps.db, companyPk, PENDING);
  const waiting: { entry: NewListEntry; record: (copy: { externalId?: string; raw: Record<string, unknown> }) => Promise<unknown> }[] = [
    ...refs.flatMap((ref) =>
      ref.kind === 'VENDOR' || ref.kind === 'CUSTOMER'
        ? [{ entry: { kind: ref.kind, name: ref.name }, record: (copy: { raw: Record<string, unknown> }) => setRefLedgerCopy(deps.db, ref.pk, copy) }]
        : [],
    ),
    ...accounts.map((account) => ({
      entry: { kind: 'CATEGORY' as const, name: account.name, accountType: account.accountType, accountSubtype: account.accountSubtype },
      record: (copy: { raw: Record<string, unknown> }) => setAccountLedgerCopy(deps.db, account.pk, copy),
    })),
  ];
  for (const { entry, record } of waiting) {
    const copy = ledgerCopy(await adapter.createListEntry(company, entry));
    if (copy) await record(copy);
  }
};
