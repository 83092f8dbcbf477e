import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { xeroAttachmentsResponse } from '@herd/contract';
import type { AppDeps } from '../../../app-deps.js';
import { transactions } from '../../../db/schema/index.js';
import type { Actor } from '../../../kernel/actor.js';
import { withGrant } from '../ledger-connections/ledger-connections.face.js';
import { transactionAccess } from '../../../kernel/transaction-access.js';

type HeldFiles = z.infer<typeof xeroAttachmentsResponse>;

/**
 * The files the ledger already holds on a transaction the person may see, so a client does not
 * send a receipt twice. None when the ledger keeps no files or the company is not connected.
 */
export const filesHeldByLedger = async (deps: AppDeps, actor: Actor, { transactionPk }: { transactionPk: number }): Promise<HeldFiles> => {
  const { access } = await transactionAccess(deps.db, actor, transactionPk);
  const company = access.company;
  const adapter = deps.ledgers.adapterFor(company.connectionKind);
  if (!adapter.listFiles || company.connectionState !== 'CONNECTED') return { attachments: [] };
  const [row] = await deps.db
    .select({ externalId: transactions.externalId, entityType: transactions.ledgerEntityType })
    .from(transactions)
    .where(and(eq(transactions.pk, transactionPk), eq(transactions.clientCompanyId, company.pk)));
  if (!row) return { attachments: [] };
  const held = await withGrant(deps.db, company, adapter.displayName, () => adapter.listFiles!(company, row));
  return { attachments: held.map((f) => ({ attachment_id: f.id, file_name: f.name, mime_type: f.contentType, content_length: f.size })) };
};
