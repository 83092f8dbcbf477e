import type { AppDeps } from '../../../app-deps.js';
import type { EmailContent } from '../../../mail/email-content.js';
import { paymentFailedEmail, readOnlyEmail, trialEndingEmail, writableAgainEmail } from './billing-notice-emails.content.js';
import { claimBillingNotice, findFirmAdmins, trialsEndingBy, type BillingNoticeKind } from './billing-notices.queries.js';

const DAY_MS = 86_400_000;

/**
 * The trial countdown's marks, latest first: a mark is due once the time left is at most its
 * `within`. Only the latest due mark is sent, so a firm whose trial began short of 7 days (or a
 * sweep that missed some hours) gets one email, not a burst of stale ones.
 */
const TRIAL_MARKS = [
  { daysLeft: 0, within: DAY_MS },
  { daysLeft: 1, within: 2 * DAY_MS },
  { daysLeft: 3, within: 3 * DAY_MS },
  { daysLeft: 7, within: 7 * DAY_MS },
] as const;

const payUrl = (deps: AppDeps) => `${deps.config.appUrl}/settings/accountant/billing/`;

/**
 * Claims the email (firm, kind, key) and, only if this caller won the claim, sends it to every
 * active admin of the firm. The claim is one insert on a primary key, so of two sweeps or two
 * deliveries of one event exactly one sends. A delivery failure is kept on the outbox row and
 * logged; it is not sent again (the next mark, or the billing page, still tells the admin).
 */
const notifyAdmins = async (
  deps: AppDeps,
  notice: { firmId: number; kind: BillingNoticeKind; key: string },
  write: (admin: { firstName: string }, firm: { name: string; timeZone: string }) => EmailContent,
): Promise<boolean> => {
  if (deps.config.billing.mode === 'off') return false;
  if (!(await claimBillingNotice(deps.db, notice))) return false;
  const found = await findFirmAdmins(deps.db, notice.firmId);
  if (!found) return false;
  const brand = { firmName: found.firm.name, mainColor: found.firm.mainColor };
  for (const admin of found.admins) await deps.mailer.send(admin.email, brand, write(admin, found.firm), `BILLING_${notice.kind}`);
  return true;
};

/** Part of the hourly sweep: each firm on a trial ending within 7 days gets its due countdown email, once per mark and trial end. */
export const sendTrialCountdown = async (deps: AppDeps, now: Date): Promise<number[]> => {
  const sent: number[] = [];
  for (const { firmId, trialEndsAt } of await trialsEndingBy(deps.db, now, new Date(now.getTime() + 7 * DAY_MS))) {
    const endsAt = trialEndsAt!;
    const left = endsAt.getTime() - now.getTime();
    const mark = TRIAL_MARKS.find((m) => left <= m.within)!;
    const key = `${endsAt.toISOString()}:${String(mark.daysLeft)}`;
    const went = await notifyAdmins(deps, { firmId, kind: 'TRIAL_ENDING', key }, (admin, firm) =>
      trialEndingEmail({ firstName: admin.firstName, firmName: firm.name, daysLeft: mark.daysLeft, endsAt, timeZone: firm.timeZone, payUrl: payUrl(deps) }),
    );
    if (went) sent.push(firmId);
  }
  return sent;
};

/** Stripe could not collect an invoice: once per invoice, with the date Stripe tries again. */
export const sendPaymentFailed = (deps: AppDeps, firmId: number, invoiceId: string, nextAttempt: Date | null) =>
  notifyAdmins(deps, { firmId, kind: 'PAYMENT_FAILED', key: invoiceId }, (admin, firm) =>
    paymentFailedEmail({ firstName: admin.firstName, firmName: firm.name, nextAttempt, timeZone: firm.timeZone, payUrl: payUrl(deps) }),
  );

/** The firm became read-only: `key` names the lapse (the trial's end, or the subscription that ended), so each is told once. */
export const sendReadOnly = (deps: AppDeps, firmId: number, reason: 'trial' | 'subscription', key: string) =>
  notifyAdmins(deps, { firmId, kind: 'READ_ONLY', key }, (admin, firm) =>
    readOnlyEmail({ firstName: admin.firstName, firmName: firm.name, reason, payUrl: payUrl(deps) }),
  );

/** The firm paid after a lapse: `key` names the subscription that made it writable. */
export const sendWritableAgain = (deps: AppDeps, firmId: number, key: string) =>
  notifyAdmins(deps, { firmId, kind: 'WRITABLE_AGAIN', key }, (admin, firm) =>
    writableAgainEmail({ firstName: admin.firstName, firmName: firm.name, appUrl: deps.config.appUrl }),
  );
