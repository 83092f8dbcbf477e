import { purgeDocumentTrash } from '../modules/files/documents/trash-purge.job.js';
import { runEmailChangeJob } from '../modules/people/email-change/email-change.service.js';
import type { AppDeps } from '../app-deps.js';
import { sweepPushes } from '../modules/conversation/push/push-sweep.job.js';
import { runPull, runQueuedResync } from '../modules/books/transactions/ledger-sync.service.js';
import { queuePull } from '../modules/books/ledger-connections/pull-requests.service.js';
import { giveUpQueuedPublish, runQueuedPublish } from '../modules/books/transactions/publish.service.js';
import { connectionsOfExternalCompany } from '../modules/books/ledger-connections/ledger-connections.queries.js';
import { mailRequestedLink } from '../modules/people/auth/auth.service.js';
import { mailSignupLink } from '../modules/people/auth/signup.service.js';
import { runInvitationJob } from '../modules/people/invitations/invitation.job.js';
import { runBillingSweep, syncBilledQuantity } from '../modules/firm/billing/billing.job.js';
import { companyFirmIsReadOnly } from '../modules/firm/billing/billing-standing.rule.js';
import { refreshSuggestions } from '../modules/books/rules/refresh-suggestions.job.js';
import { sendAnswerNotice } from '../modules/messaging/notifications/answer-notices.job.js';
import { sendArrivalNotices } from '../modules/conversation/communications/arrival-notice.job.js';
import { autoPublish } from '../modules/books/rules/auto-publish.job.js';
import { runReceiptRead } from '../modules/files/receipts/receipt-read.job.js';
import { runCompanyReceiptMatch, runReceiptMatch } from '../modules/files/receipts/receipt-match.job.js';
import { runOccurrence, sweepDueSchedules } from '../modules/conversation/recurring/occurrence.job.js';
import { runOccurrenceBatch } from '../modules/conversation/recurring/occurrence-batch.job.js';
import { runLedgerAttach } from '../modules/books/transactions/ledger-attach.job.js';
import { runCompanyReminder, sweepReminders, type ReminderRunDeps } from '../modules/conversation/reminders/reminder-run.job.js';
import { climbLadders } from '../modules/conversation/reminders/reminder-ladder.job.js';
import { queueReviewChecks, runReviewChecks } from '../modules/books/review-checks/review-checks.job.js';
import { runDigest, sweepDigests } from '../modules/conversation/digests/digest-run.job.js';
import { sweepDueRequests } from '../modules/conversation/communications/due-notices.job.js';
import { recordPullOutcome, sweepLedgerSyncs } from '../modules/books/ledger-connections/sync-sweep.job.js';
import { sweepKarbonEvents } from '../modules/firm/practice-management/karbon-delivery.job.js';
import { sweepKarbonReceipts } from '../modules/firm/practice-management/karbon-receipts.job.js';
import type { JobHandler, JobName } from './job-queue.js';

/** What each job does; the worker runs them as they arrive, tests and the bench drain them in place. */
export interface JobLog {
  warn: (details: object, message: string) => void;
}

export const jobHandlers = (deps: AppDeps, log?: JobLog): { [N in JobName]: JobHandler<N> } => {
  const reminders: ReminderRunDeps = { ...deps, appUrl: deps.config.appUrl, replies: deps.config };
  return handlersOf(deps, reminders, log);
};

const handlersOf = (deps: AppDeps, reminders: ReminderRunDeps, log?: JobLog): { [N in JobName]: JobHandler<N> } => ({
  // A read-only firm's companies are not pulled; the first pull after it pays catches up. Every pull's outcome
  // sets the company's next scheduled one (backed off after a failure, which is thrown on for pg-boss to retry).
  'ledger-pull': async (data) => {
    if (await companyFirmIsReadOnly(deps, data.companyPk)) return;
    await recordPullOutcome(deps, data.companyPk, () => runPull(deps, data.companyPk));
    // What the pull brought is checked off its path (docs/review-checks.md).
    await queueReviewChecks(deps.jobs, data.companyPk);
  },
  'ledger-push': (data) => (data.action === 'publish' ? runQueuedPublish(deps, data) : runQueuedResync(deps, data)),
  // A resync that never got through changes nothing in Herd; a publish gives its rows back.
  'ledger-push-failed': (data) => (data.action === 'publish' ? giveUpQueuedPublish(deps, data) : Promise.resolve()),
  // A webhook names entities by id only: one incremental pull per company fetches what changed.
  'ledger-webhook': async (data) => {
    for (const realmId of data.realmIds) {
      for (const connection of await connectionsOfExternalCompany(deps.db, data.provider, realmId)) await queuePull(deps, connection.clientCompanyId, 'INCREMENTAL');
    }
  },
  'auth-email': (data) => {
    const ctx = { db: deps.db, mailer: deps.mailer, appUrl: deps.config.appUrl, replies: deps.config };
    if (data.kind === 'signup') return mailSignupLink(ctx, data);
    if (data.kind === 'invitation') return runInvitationJob(ctx, data.pendingPk);
    if (data.kind === 'email-change') return runEmailChangeJob(ctx, data.pendingPk);
    return mailRequestedLink(ctx, data);
  },
  'billing-quantity': (data) => syncBilledQuantity(deps, data.firmId),
  'billing-sweep': async () => {
    await runBillingSweep(deps);
  },
  'request-arrival': (data) => sendArrivalNotices(reminders, data.companyPk),
  'answers-notify': async (data) => {
    await sendAnswerNotice(deps.db, data.companyPk);
  },
  'suggestions-refresh': async (data) => {
    const refreshed = await refreshSuggestions(deps.db, data.companyPk, data.merchantKeys);
    // Rules a firm administrator let publish by themselves send their fresh answers on (docs/suggestions.md, "Rules").
    await autoPublish(deps, data.companyPk, refreshed.toPublish);
  },
  'receipt-read': (data) => runReceiptRead({ ...deps, log }, data.receiptPk),
  'receipt-match': (data) => ('receiptPk' in data ? runReceiptMatch(deps, data.receiptPk) : runCompanyReceiptMatch(deps, data.companyPk)),
  'recurring-sweep': async () => {
    await sweepDueSchedules({ ...deps, log });
  },
  'recurring-occurrence': (data) => runOccurrence({ ...deps, log }, data),
  'recurring-batch': async (data) => {
    await runOccurrenceBatch({ ...deps, log }, data);
  },
  'ledger-attach': (data) => runLedgerAttach({ ...deps, log }, data),
  'reminder-sweep': async () => {
    await sweepReminders(reminders);
    await climbLadders(reminders, reminders.now?.() ?? new Date(), { warn: (details, message) => log?.warn(details, message) });
  },
  'client-reminder': async (data) => {
    await runCompanyReminder(reminders, data);
  },
  'review-checks': async (data) => {
    await runReviewChecks(deps, data.companyPk);
  },
  'digest-sweep': async () => {
    await sweepDigests(deps);
  },
  'accountant-digest': async (data) => {
    await runDigest(deps, data);
  },
  'request-due-sweep': async () => {
    await sweepDueRequests(deps);
  },
  'ledger-sync-sweep': async () => {
    await sweepLedgerSyncs(deps);
  },
  'documents-purge': async () => {
    await purgeDocumentTrash(deps);
  },
  'karbon-sweep': async () => {
    await sweepKarbonEvents(deps);
    await sweepKarbonReceipts({ ...deps, log: { error: (details, message) => log?.warn(details, message) } });
  },
  'push-sweep': async () => {
    await sweepPushes({ ...deps, log: { warn: (details, message) => log?.warn(details, message) } });
  },
});

export const startWorkers = async (deps: AppDeps, log?: JobLog) => {
  const handlers = jobHandlers(deps, log);
  await deps.jobs.work('ledger-pull', handlers['ledger-pull']);
  await deps.jobs.work('ledger-push', handlers['ledger-push']);
  await deps.jobs.work('ledger-push-failed', handlers['ledger-push-failed']);
  await deps.jobs.work('ledger-webhook', handlers['ledger-webhook']);
  await deps.jobs.work('auth-email', handlers['auth-email']);
  await deps.jobs.work('billing-quantity', handlers['billing-quantity']);
  await deps.jobs.work('billing-sweep', handlers['billing-sweep']);
  await deps.jobs.work('request-arrival', handlers['request-arrival']);
  await deps.jobs.work('answers-notify', handlers['answers-notify']);
  await deps.jobs.work('suggestions-refresh', handlers['suggestions-refresh']);
  await deps.jobs.work('receipt-read', handlers['receipt-read']);
  await deps.jobs.work('receipt-match', handlers['receipt-match']);
  await deps.jobs.work('recurring-sweep', handlers['recurring-sweep']);
  await deps.jobs.work('recurring-occurrence', handlers['recurring-occurrence']);
  await deps.jobs.work('recurring-batch', handlers['recurring-batch']);
  await deps.jobs.work('ledger-attach', handlers['ledger-attach']);
  await deps.jobs.work('reminder-sweep', handlers['reminder-sweep']);
  await deps.jobs.work('client-reminder', handlers['client-reminder']);
  await deps.jobs.work('review-checks', handlers['review-checks']);
  await deps.jobs.work('digest-sweep', handlers['digest-sweep']);
  await deps.jobs.work('accountant-digest', handlers['accountant-digest']);
  await deps.jobs.work('request-due-sweep', handlers['request-due-sweep']);
  await deps.jobs.work('ledger-sync-sweep', handlers['ledger-sync-sweep']);
  await deps.jobs.work('karbon-sweep', handlers['karbon-sweep']);
  await deps.jobs.work('documents-purge', handlers['documents-purge']);
  await deps.jobs.work('push-sweep', handlers['push-sweep']);
  await deps.jobs.startSchedules();
};
