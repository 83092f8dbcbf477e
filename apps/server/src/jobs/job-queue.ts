import PgBoss from 'pg-boss';
import type { ExecuteSql } from '../db/client.js';
import type { SignupRequest } from '../modules/people/auth/signup-request.types.js';

/**
 * Background work, kept in the database by pg-boss so any number of workers
 * share it and a crash loses nothing. Every job is keyed by what it works on,
 * retried with backoff, and written so running it twice does no harm.
 */
export interface JobPayloads {
  /** Pull from the ledger what changed; what to pull is read from the company's sync state. */
  'ledger-pull': { companyPk: number };
  /** Publish or re-read some transactions of one company. */
  'ledger-push': { companyPk: number; action: 'publish' | 'resync'; pks: number[]; actorUserId: number | null };
  /** A push that failed every retry: its rows must not wait in PROCESSING for ever. */
  'ledger-push-failed': { companyPk: number; action: 'publish' | 'resync'; pks: number[]; actorUserId: number | null };
  /** A ledger's webhook delivery, verified, to be turned into pulls. */
  'ledger-webhook': { provider: 'QBO' | 'XERO'; realmIds: string[] };
  /**
   * A sign-in or reset link asked for by email, or a sign-up to confirm (its password already hashed):
   * written after the answer, so the answer cannot tell whether the email is known. An invitation (a pending
   * invitation's pk) is looked up and mailed here too, for the same reason.
   */
  'auth-email':
    | { kind: 'magic-link' | 'password-reset'; email: string }
    | ({ kind: 'signup' } & SignupRequest)
    | { kind: 'invitation'; pendingPk: number }
    | { kind: 'email-change'; pendingPk: number };
  /** Make the quantity Stripe bills match the firm's active client companies. */
  'billing-quantity': { firmId: number };
  /** Hourly: expire ended trials, check every paying firm's quantity. */
  'billing-sweep': Record<string, never>;
  /** Tell a company's client users of the requests the firm sent them, by email and text (arrival-notice.job.ts). */
  'request-arrival': { companyPk: number };
  /** Tell the firm's people of the answers a company's clients gave since they were last told (answer-notices.job.ts). */
  'answers-notify': { companyPk: number };
  /** Compute the suggestions of a company's open transactions: of some merchants, or all (null). */
  'suggestions-refresh': { companyPk: number; merchantKeys: string[] | null };
  /** Read a new receipt's file (vendor, date, total, currency, thumbnail) and flag it if it repeats an earlier one. */
  'receipt-read': { receiptPk: number };
  /** Match one receipt to the charge it explains, or every unmatched receipt of a company whose charges arrived. */
  'receipt-match': { receiptPk: number } | { companyPk: number };
  /** Every 15 minutes: queue the schedules' dates that have begun in their firm's zone, in `recurring-batch` jobs. */
  'recurring-sweep': Record<string, never>;
  /** Create one date of one schedule (keyed `<schedule>:<date>`), exactly once: a schedule created with a date already due. */
  'recurring-occurrence': { schedulePk: number; date: string };
  /** Create many dates of one firm's schedules (keyed by firm and first and last date), each exactly once. */
  'recurring-batch': { firmId: number; occurrences: { schedulePk: number; date: string }[] };
  /** Every 15 minutes: queue one `client-reminder` per company whose reminder day has begun in its firm's zone. */
  'reminder-sweep': Record<string, never>;
  /** Remind one company's clients of their open work on one firm-local date (keyed `<company>:<date>`), exactly once. */
  'client-reminder': { companyPk: number; date: string };
  /** Run the review checks over one company's categorized transactions (after a pull, or asked for), keyed `review:<company>`. */
  'review-checks': { companyPk: number };
  /** Every 15 minutes: queue one `accountant-digest` per firm member whose digest hour has passed in their zone. */
  'digest-sweep': Record<string, never>;
  /** One firm member's daily digest on one of their local dates (keyed `<user>:<date>`), exactly once. */
  'accountant-digest': { memberPk: number; date: string };
  /** Every 15 minutes: tell the firms of requests waiting on their clients that are due today or became overdue, in each firm's zone. */
  'request-due-sweep': Record<string, never>;
  /** Every five minutes: queue an incremental pull of each connected company whose scheduled turn has come (sync-sweep.job.ts). */
  'ledger-sync-sweep': Record<string, never>;
  /** What firms owe their Karbon (notes, work items), sent within Karbon's minute limit. */
  'karbon-sweep': Record<string, never>;
  /** Daily: remove for good the documents deleted more than 30 days ago, with their stored bytes. */
  'documents-purge': Record<string, never>;
  /** Every minute: each person's news since their last push, as one push to their devices (push-sweep.job.ts). */
  'push-sweep': Record<string, never>;
  /** Upload a file attached to a transaction the ledger already holds (a receipt matched after publishing). */
  'ledger-attach': { transactionPk: number; fileId: number };
}
export type JobName = keyof JobPayloads;
/** One job to queue, of any kind, keyed as `send` keys it. */
export type QueuedJob = { [N in JobName]: { name: N; data: JobPayloads[N]; key: string } }[JobName];
export type JobHandler<N extends JobName> = (data: JobPayloads[N]) => Promise<void>;

/**
 * Pulls are `stately` per company: one waiting and one running at most, so
 * asking again while one waits costs nothing. Pushes are `singleton` per
 * company: they queue up and run one at a time, in order, so two publishes
 * never race on the same ledger transaction. A push that fails every retry
 * goes to `ledger-push-failed` (declared first: a queue's dead letter must exist before it).
 */
const QUEUES: Record<JobName, PgBoss.Queue> = {
  'ledger-push-failed': { name: 'ledger-push-failed', policy: 'standard', retryLimit: 5, retryDelay: 5, retryBackoff: true },
  'ledger-pull': { name: 'ledger-pull', policy: 'stately', retryLimit: 8, retryDelay: 15, retryBackoff: true, expireInSeconds: 30 * 60 },
  'ledger-push': {
    name: 'ledger-push',
    policy: 'singleton',
    retryLimit: 8,
    retryDelay: 15,
    retryBackoff: true,
    expireInSeconds: 30 * 60,
    deadLetter: 'ledger-push-failed',
  },
  'ledger-webhook': { name: 'ledger-webhook', policy: 'standard', retryLimit: 5, retryDelay: 5, retryBackoff: true },
  // A link older than a few minutes is of little use: few retries, then the person asks again.
  'auth-email': { name: 'auth-email', policy: 'standard', retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 5 * 60 },
  // Stately per firm: a check waiting already reads the newest count when it runs.
  'billing-quantity': { name: 'billing-quantity', policy: 'stately', retryLimit: 8, retryDelay: 30, retryBackoff: true },
  'billing-sweep': { name: 'billing-sweep', policy: 'singleton', retryLimit: 2, retryDelay: 60 },
  // Stately per company and batch of merchants: a refresh waiting already reads the newest answers when it runs.
  // Stately per company: requests written while one runs are told by the next; each person's notices are taken under lock, so none goes twice.
  'request-arrival': { name: 'request-arrival', policy: 'stately', retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 10 * 60 },
  // Stately per company: answers given while one runs are told by the next; the run itself takes the count, so a retry tells once.
  'answers-notify': { name: 'answers-notify', policy: 'stately', retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 5 * 60 },
  'suggestions-refresh': { name: 'suggestions-refresh', policy: 'stately', retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 15 * 60 },
  // Stately per receipt: queuing a receipt's reading again while one waits costs nothing.
  'receipt-read': { name: 'receipt-read', policy: 'stately', retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 10 * 60 },
  // Stately per receipt (or company): a matching waiting already reads the newest charges when it runs.
  'receipt-match': { name: 'receipt-match', policy: 'stately', retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 10 * 60 },
  'recurring-sweep': { name: 'recurring-sweep', policy: 'singleton', retryLimit: 2, retryDelay: 60 },
  // Stately per schedule and date: a sweep that queues a date again while it waits adds nothing.
  'recurring-occurrence': { name: 'recurring-occurrence', policy: 'stately', retryLimit: 8, retryDelay: 30, retryBackoff: true, expireInSeconds: 10 * 60 },
  // Stately per batch: two sweeps that see the same dates queue one batch; a batch queued twice anyway writes nothing twice.
  'recurring-batch': { name: 'recurring-batch', policy: 'stately', retryLimit: 8, retryDelay: 30, retryBackoff: true, expireInSeconds: 10 * 60 },
  'reminder-sweep': { name: 'reminder-sweep', policy: 'singleton', retryLimit: 2, retryDelay: 60 },
  // Stately per company and date; the run itself claims its date on the company, so a second worker sends nothing.
  'client-reminder': { name: 'client-reminder', policy: 'stately', retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 15 * 60 },
  // Stately per company: a run waiting already reads the newest books when it runs.
  'review-checks': { name: 'review-checks', policy: 'stately', retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 10 * 60 },
  'digest-sweep': { name: 'digest-sweep', policy: 'singleton', retryLimit: 2, retryDelay: 60 },
  // Stately per person and date; the run itself claims the date on the membership, so a second worker sends nothing.
  'accountant-digest': { name: 'accountant-digest', policy: 'stately', retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 15 * 60 },
  // One sweep at a time; each request's notice is claimed on its row, so two sweeps racing still tell once.
  'request-due-sweep': { name: 'request-due-sweep', policy: 'singleton', retryLimit: 2, retryDelay: 60 },
  // One sweep at a time; each company's turn is claimed on its row, so two sweeps racing queue it once.
  'ledger-sync-sweep': { name: 'ledger-sync-sweep', policy: 'singleton', retryLimit: 2, retryDelay: 60 },
  // Every minute; an event that fails waits its own backoff in its row, so the sweep itself is not retried.
  'karbon-sweep': { name: 'karbon-sweep', policy: 'singleton', retryLimit: 0, expireInSeconds: 5 * 60 },
  // Once a day; a batch that fails is found again by the next run, so the sweep itself is not retried.
  'documents-purge': { name: 'documents-purge', policy: 'singleton', retryLimit: 0, expireInSeconds: 15 * 60 },
  // Every minute; each person's turn is claimed on their row and given back when nothing was delivered, so the sweep is not retried.
  'push-sweep': { name: 'push-sweep', policy: 'singleton', retryLimit: 0, expireInSeconds: 5 * 60 },
  // Stately per transaction and file: never two uploads of one file at once. Retried past a running publish and the ledger's outages.
  'ledger-attach': { name: 'ledger-attach', policy: 'stately', retryLimit: 8, retryDelay: 15, retryBackoff: true, expireInSeconds: 10 * 60 },
};

/** Jobs pg-boss starts on a clock (cron, UTC), in whichever worker's turn comes first. */
// Recurring requests every quarter of an hour: a day begins on the quarter hour in every zone (Nepal's +5:45 included).
export const SCHEDULES: { name: JobName; cron: string }[] = [
  { name: 'billing-sweep', cron: '7 * * * *' },
  { name: 'recurring-sweep', cron: '*/15 * * * *' },
  // Reminders on the same quarter hours, a few minutes later: a reminder day begins with the firm's day.
  { name: 'reminder-sweep', cron: '5,20,35,50 * * * *' },
  // Digests on the quarter hours too (a chosen hour begins on one in every zone), apart from the other sweeps.
  { name: 'digest-sweep', cron: '10,25,40,55 * * * *' },
  // Due and overdue requests: a firm's day begins on a quarter hour, so its requests fall due then (two minutes after the digests' sweep).
  { name: 'request-due-sweep', cron: '12,27,42,57 * * * *' },
  // Scheduled ledger pulls: every five minutes, on minutes no other sweep takes; each company's turn is spread over the interval.
  { name: 'ledger-sync-sweep', cron: '3-58/5 * * * *' },
  // Karbon's events every minute: Karbon itself gathers changes in a minute, so a note is there about as soon as it could be.
  { name: 'karbon-sweep', cron: '* * * * *' },
  { name: 'push-sweep', cron: '* * * * *' },
  // The documents' trash, once a day in the quiet hours (UTC).
  { name: 'documents-purge', cron: '17 4 * * *' },
];

export interface JobQueue {
  send<N extends JobName>(name: N, data: JobPayloads[N], key: string): Promise<void>;
  /** Queues many jobs in a few statements; a key already waiting is skipped, as with `send`. */
  sendMany<N extends JobName>(name: N, jobs: { data: JobPayloads[N]; key: string }[]): Promise<void>;
  /** Queues jobs of different kinds in one statement (a request's jobs at its end); a key already waiting is skipped, as with `send`. */
  sendEach(jobs: QueuedJob[]): Promise<void>;
  /** Starts the clocked jobs (`SCHEDULES`); idempotent, any number of workers may call it. */
  startSchedules(): Promise<void>;
  /** Runs handlers as jobs arrive (the worker role). */
  work<N extends JobName>(name: N, handler: JobHandler<N>): Promise<void>;
  /** Runs every job waiting in one queue now, in this process: for tests and the bench. */
  drain<N extends JobName>(name: N, handler: JobHandler<N>): Promise<number>;
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  /** Background maintenance (archiving, expiring jobs); off where jobs are drained by hand (tests, bench). */
  supervise?: boolean;
}

/** How long after the last job queued a drain starts, so that the job is due on the database's clock. */
const DRAIN_CLOCK_MS = 3;

export const createJobQueue = async (executeSql: ExecuteSql, onError: (err: unknown) => void, options: JobQueueOptions = {}): Promise<JobQueue> => {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => executeSql(text, values) },
    schema: 'pgboss',
    // The cron clock runs where maintenance does (workers), for the hourly billing sweep; tests drain by hand.
    schedule: options.supervise ?? true,
    supervise: options.supervise ?? true,
  });
  boss.on('error', onError);
  await boss.start();
  /** When this process last queued a job (for `drain`). */
  let lastQueuedAt = -Infinity;
  for (const queue of Object.values(QUEUES)) {
    if (await boss.getQueue(queue.name)) await boss.updateQueue(queue.name, queue);
    else await boss.createQueue(queue.name, queue);
  }

  return {
    async send(name, data, key) {
      await boss.send(name, data, { singletonKey: key });
      lastQueuedAt = performance.now();
    },
    async sendMany(name, jobs) {
      for (let i = 0; i < jobs.length; i += 1000) {
        await boss.insert(jobs.slice(i, i + 1000).map(({ data, key }) => ({ name, data, singletonKey: key })));
      }
      lastQueuedAt = performance.now();
    },
    async sendEach(jobs) {
      if (jobs.length === 0) return;
      await boss.insert(jobs.map(({ name, data, key }) => ({ name, data, singletonKey: key })));
      lastQueuedAt = performance.now();
    },
    async startSchedules() {
      for (const { name, cron } of SCHEDULES) await boss.schedule(name, cron, {}, { tz: 'UTC' });
    },
    async work(name, handler) {
      await boss.work<JobPayloads[typeof name]>(name, { pollingIntervalSeconds: 1 }, async (jobs) => {
        for (const job of jobs) await handler(job.data);
      });
    },
    async drain(name, handler) {
      // pg-boss hands out a job once its start time is strictly past on the database's clock: a job queued in the
      // same millisecond (the embedded database's clock has no finer grain) is not yet due, and a drain right
      // after a sweep found nothing now and then. Wait out the rest of that millisecond after the last job queued.
      // A monotonic clock: tests that move Date (two-step codes' time windows) must not stretch the wait.
      const sinceQueued = performance.now() - lastQueuedAt;
      if (sinceQueued >= 0 && sinceQueued < DRAIN_CLOCK_MS) await new Promise((resolve) => setTimeout(resolve, DRAIN_CLOCK_MS - sinceQueued));
      let ran = 0;
      for (;;) {
        const [job] = await boss.fetch<JobPayloads[typeof name]>(name);
        if (!job) return ran;
        try {
          await handler(job.data);
          await boss.complete(name, job.id);
        } catch (err) {
          await boss.fail(name, job.id, { message: err instanceof Error ? err.message : String(err) });
          throw err;
        }
        ran += 1;
      }
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, close: false });
    },
  };
};
