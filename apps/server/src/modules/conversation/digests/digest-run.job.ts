import { firmRoleRules } from '@herd/contract';
import { sendText, textablePhone } from '../../messaging/texts/texts.face.js';
import type { AppDeps } from '../../../app-deps.js';
import type { JobQueue } from '../../../jobs/job-queue.js';
import { subscriptionIsReadOnly } from '../../firm/billing/billing.face.js';
import { digestCompanies, digestCounts, digestLines, type DigestViewer } from './digest-facts.queries.js';
import { digestEmail, digestText, hasNews, type CompanyDigest } from './digest.content.js';
import { claimDigestRun, findDigestMember, membersDueForDigest, type DigestMember } from './digest-run.queries.js';

export interface DigestRunDeps extends Pick<AppDeps, 'db' | 'mailer' | 'config' | 'sms'> {
  jobs: JobQueue;
  now?: () => Date;
}

const DAY = 86_400_000;
/** How far back a digest reaches after a long pause (digest off for a while, workers down): a week is still news, more is history. */
const LONGEST_WINDOW = 7 * DAY;

/** The job key of one member's digest on one of their local dates: pg-boss keeps one waiting per key. */
export const digestKey = (userId: number, date: string) => `${userId}:${date}`;

/**
 * A lapsed firm's people get no digest: it asks them to review and accept work they cannot save until the
 * firm pays. The day is not claimed either, so paying later the same day brings that day's digest.
 */
const lapsed = (deps: DigestRunDeps, member: { status: DigestMember['status']; trialEndsAt: Date | null }, now: Date) =>
  subscriptionIsReadOnly(deps.config.billing, member.status ? { status: member.status, trialEndsAt: member.trialEndsAt } : null, now);

/**
 * The clocked sweep: every firm member whose digest hour has passed today in their zone, not yet run
 * today, gets one `accountant-digest` job keyed `<user>:<local date>`. Returns how many it queued.
 */
export const sweepDigests = async (deps: DigestRunDeps): Promise<number> => {
  const now = deps.now?.() ?? new Date();
  const due = (await membersDueForDigest(deps.db, now)).filter((m) => !lapsed(deps, m, now));
  await deps.jobs.sendMany(
    'accountant-digest',
    due.map(({ memberPk, userId, date }) => ({ data: { memberPk, date }, key: digestKey(userId, date) })),
  );
  return due.length;
};

/** Everything the digest says, per client the member may see, in four statements whatever the number of clients. */
export const gatherDigest = async (deps: Pick<DigestRunDeps, 'db'>, viewer: DigestViewer, since: Date, until: Date): Promise<CompanyDigest[]> => {
  const [counts, lines] = await Promise.all([digestCounts(deps.db, viewer, since, until), digestLines(deps.db, viewer, since, until)]);
  const mentioned = [...new Set([...counts.map((c) => c.company), ...lines.map((l) => l.company)])];
  const parts = new Map<number, CompanyDigest>();
  for (const company of await digestCompanies(deps.db, viewer, mentioned)) {
    parts.set(company.pk, { pk: company.pk, name: company.name, counts: {}, lines: {}, needsReauth: Boolean(company.needsReauth) });
  }
  for (const c of counts) {
    const part = parts.get(c.company);
    if (part) part.counts[c.what] = c.n;
  }
  for (const l of lines) {
    const part = parts.get(l.company);
    if (!part) continue;
    const list = (part.lines[l.kind] ??= { items: [], total: l.total });
    list.items.push({ who: l.who, line: l.line });
  }
  return [...parts.values()].filter(hasNews);
};

/**
 * One member's digest on one local date, exactly once: claiming the date on their membership lets one
 * caller through (two workers, a retry). A job for a date that is no longer the member's today (it waited
 * through downtime) sends nothing: today's has its own job. With nothing to say nothing is sent, and the
 * day still counts as done. Answers whether an email went.
 */
export const runDigest = async (deps: DigestRunDeps, data: { memberPk: number; date: string }): Promise<boolean> => {
  const now = deps.now?.() ?? new Date();
  const member = await findDigestMember(deps.db, data.memberPk, now);
  if (!member || !member.isActive || member.today !== data.date || lapsed(deps, member, now)) return false;
  const previous = member.lastDigestAt;
  if (!(await claimDigestRun(deps.db, member.memberPk, data.date, now))) return false;

  const since = new Date(Math.max(previous?.getTime() ?? now.getTime() - DAY, now.getTime() - LONGEST_WINDOW));
  const viewer = { firmId: member.firmId, memberPk: member.memberPk, seesAllClients: firmRoleRules.seesAllClients(member.role) };
  const companies = await gatherDigest(deps, viewer, since, now);
  if (companies.length === 0) return false;
  const went = await deps.mailer.send(
    member.email,
    { firmName: member.firmName, mainColor: member.mainColor },
    digestEmail({ firstName: member.firstName, appUrl: deps.config.appUrl, companies, firstDigest: previous === null }),
    'ACCOUNTANT_DIGEST',
    { unsubscribe: { userId: member.userId, kind: 'DIGEST' } },
  );
  // The counts by text too, for whoever chose it: the digest turned off stops both.
  const phone = member.byText ? textablePhone(member.phone) : null;
  if (went && phone && deps.config.sms.mode !== 'off') await sendText(deps.db, deps.sms, phone, digestText(deps.config.appUrl, companies), 'ACCOUNTANT_DIGEST_SMS');
  return went;
};
