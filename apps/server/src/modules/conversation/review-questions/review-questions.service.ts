import { fromCents, centsOf } from '@herd/contract';
import type { SuggestionDeps } from '../../books/suggestions/suggestions.face.js';
import { findingOf, settleFinding, toFinding, type ReviewFindingRow } from '../../books/review-checks/review-checks.face.js';
import { sendTransactionsBack } from '../../books/transactions/transactions.face.js';
import type { AppDeps } from '../../../app-deps.js';
import type { Actor } from '../../../kernel/actor.js';
import { companyAccess } from '../../../kernel/company-access.js';
import { can } from '../../../kernel/permissions.js';
import { NotFoundError, ValidationError } from '../../../lib/errors.js';
import { createCommunicationFor } from '../communications/communications.face.js';

/** The request a finding on a ledger-only transaction becomes: what it was, and the question as its one item. */
const requestAbout = (companyPk: number, finding: ReviewFindingRow) => ({
  client_company: companyPk,
  kind: 'REQUEST' as const,
  subject: `A question about ${finding.payee || 'a transaction'} on ${finding.date}`,
  text: `${finding.date} · ${finding.payee || 'No payee'} · $${fromCents(centsOf(finding.amount))}\n\n${finding.question}`,
  items: [{ label: finding.question, answer_kind: 'TEXT' as const, required: true }],
  attachments: [],
  w9_vendor: '',
  due_date: null,
});

/**
 * `review-checks/{finding}/ask/`: one click asks the client about what a review check found (docs/review-checks.md).
 * A transaction Herd holds goes back to the client with the finding's question (a note on it, and the client hears
 * of it as of any send-back). One categorized in the ledger that Herd never held becomes a request to the client,
 * the question its checklist item, and the client hears of it as of any request. The finding is then marked asked,
 * so later runs do not raise it again. Only an open finding: a refusal says why, as the send-back's own does.
 */
export const askAboutFinding = async (deps: SuggestionDeps & Pick<AppDeps, 'jobs'>, actor: Actor, { companyPk, findingPk }: { companyPk: number; findingPk: number }) => {
  const firmActor = can.workOnClients(actor);
  const { company } = await companyAccess(deps.db, firmActor, companyPk, 'accountant');
  const finding = await findingOf(deps.db, firmActor.firmId, company.pk, findingPk);
  if (!finding) throw new NotFoundError();
  if (finding.state !== 'OPEN') throw ValidationError.detail('This finding was already dismissed or asked about.');
  if (finding.transactionPk !== null) {
    await sendTransactionsBack(deps, actor, { companyPk: company.pk, pks: [finding.transactionPk], message: finding.question });
  } else {
    await createCommunicationFor(deps, actor, requestAbout(company.pk, finding));
  }
  // After the question went: a mark that failed here leaves an open finding the client is already asked about, which
  // the accountant can dismiss; never a finding marked asked whose question did not go.
  return toFinding((await settleFinding(deps.db, firmActor.firmId, company.pk, findingPk, { state: 'ASKED', by: actor.userId, at: new Date() }))!);
};
