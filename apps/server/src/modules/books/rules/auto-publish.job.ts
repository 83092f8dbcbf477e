import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps.js';
import { clientCompanies } from '../../../db/schema/index.js';
import { writeAuditMany } from '../../../kernel/audit.queries.js';
import { companyFirmIsReadOnly } from '../../firm/billing/billing.face.js';
import { sendToLedger } from '../transactions/transactions.face.js';
import { findTransactionsOfCompany } from '../transactions/transactions.face.js';

export type AutoPublishDeps = Pick<AppDeps, 'db' | 'config' | 'ledgers' | 'jobs' | 'storage'>;

/**
 * The transactions a rule with automatic publishing just answered go to the ledger through the
 * accountant's publish path (`sendToLedger`), with no person as the author and, first, an audit
 * entry `transaction.auto_publish` naming the rule. Only rows still as the rule left them are sent
 * (finished, marked auto, by that rule). A firm that is read-only (billing) publishes nothing: its
 * rows wait in the accountant's Categorized list, as every answer does without the switch.
 */
export const autoPublish = async (deps: AutoPublishDeps, companyPk: number, answered: { pk: number; ruleId: number }[]) => {
  if (answered.length === 0 || (await companyFirmIsReadOnly(deps, companyPk))) return 0;
  const [company] = await deps.db.select().from(clientCompanies).where(eq(clientCompanies.pk, companyPk));
  if (!company) return 0;
  const ruleOf = new Map(answered.map((a) => [a.pk, a.ruleId]));
  const rows = (await findTransactionsOfCompany(deps.db, company.pk, [...ruleOf.keys()])).filter(
    (r) => r.status === 'FINISHED_IN_HERD' && r.autoAnswered && r.ruleId === ruleOf.get(r.pk),
  );
  if (rows.length === 0) return 0;
  await writeAuditMany(
    deps.db,
    rows.map((r) => ({
      firmId: company.firmId,
      actorUserId: null,
      action: 'transaction.auto_publish',
      targetType: 'transaction',
      targetPk: r.pk,
      details: { rule: r.ruleId },
    })),
  );
  await sendToLedger(deps, company, rows, null);
  return rows.length;
};
