import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { clientCompanies, clientMemberships, communicationItems, communications, requestArrivalNotices, users } from '../../../db/schema/index.js';
import type { Mailer } from '../../../mail/mailer.js';
import type { SmsSender } from '../../messaging/texts/texts.face.js';
import { sendText, textablePhone } from '../../messaging/texts/texts.face.js';
import { magicLinkUrl } from '../../people/auth/auth.face.js';
import { findBrandOfUser } from '../../people/auth/auth.face.js';
import { issueCode } from '../../people/auth/auth.face.js';
import { subscriptionIsReadOnly } from '../../firm/billing/billing.face.js';
import { findSubscriptionOfCompany } from '../../firm/billing/billing.face.js';
import { replyAddressFor, type ReplyAddressing } from '../../../mail/reply-token.js';
import { arrivalEmail, arrivalText, type ArrivedRequest } from './arrival.content.js';
import type { ClientNoticeKind } from './arrival-notices.queries.js';

export interface ArrivalDeps {
  db: Db;
  mailer: Mailer;
  sms: SmsSender;
  appUrl: string;
  replies: ReplyAddressing;
  /** Billing off: no firm is ever read-only. */
  config?: { billing: { mode: string } };
}

/** Why a person was not told, or that they were: kept on each notice. */
type Outcome = 'sent' | 'opted_out' | 'inactive' | 'not_a_member' | 'withdrawn' | 'firm_read_only';

/** How long a run may hold a person's notices before another run takes them over (it died while sending). */
export const ARRIVAL_CLAIM_MINUTES = 10;

/** The person's notices of these requests that this run claimed (one written since waits for the next run). */
const ofPerson = (companyPk: number, userPk: number, pks: number[]) =>
  and(
    eq(requestArrivalNotices.clientCompanyId, companyPk),
    eq(requestArrivalNotices.userId, userPk),
    inArray(requestArrivalNotices.communicationId, pks),
    isNotNull(requestArrivalNotices.claimedAt),
  );

const settle = (db: Db, companyPk: number, userPk: number, pks: number[], outcome: Outcome) =>
  pks.length === 0
    ? Promise.resolve()
    : db
        .update(requestArrivalNotices)
        .set({ settledAt: new Date(), claimedAt: null, outcome, error: '' })
        .where(ofPerson(companyPk, userPk, pks));

/**
 * Takes a person's unsent notices for this run, in one statement: a second worker finds them taken and
 * skips them; a claim older than ARRIVAL_CLAIM_MINUTES (a run that died) is taken over.
 */
const claim = async (db: Db, companyPk: number, userPk: number) =>
  (
    await db
      .update(requestArrivalNotices)
      .set({ claimedAt: new Date() })
      .where(
        and(
          eq(requestArrivalNotices.clientCompanyId, companyPk),
          eq(requestArrivalNotices.userId, userPk),
          isNull(requestArrivalNotices.settledAt),
          sql`(${requestArrivalNotices.claimedAt} is null or ${requestArrivalNotices.claimedAt} < now() - make_interval(mins => ${ARRIVAL_CLAIM_MINUTES}))`,
        ),
      )
      .returning({ communicationId: requestArrivalNotices.communicationId, kind: requestArrivalNotices.kind })
  ).reduce((told, r) => told.set(r.communicationId, pressing(told.get(r.communicationId), r.kind)), new Map<number, ClientNoticeKind>());

const URGENCY: ClientNoticeKind[] = ['ARRIVED', 'DUE', 'OVERDUE'];

/** A request with several notices waiting (it arrived due today) is told by the most pressing. */
const pressing = (a: ClientNoticeKind | undefined, b: ClientNoticeKind) => (a && URGENCY.indexOf(a) > URGENCY.indexOf(b) ? a : b);

/** A failure: the claim is let go and the error kept, for the accountant to see while the job retries. */
const release = (db: Db, companyPk: number, userPk: number, pks: number[], err: unknown) =>
  db
    .update(requestArrivalNotices)
    .set({ claimedAt: null, attempts: sql`${requestArrivalNotices.attempts} + 1`, error: (err instanceof Error ? err.message : String(err)).slice(0, 500) })
    .where(ofPerson(companyPk, userPk, pks));

/** The requests still waiting on the client, with their checklists, in the order they were written. */
const waitingRequests = async (tx: Db, companyPk: number, notices: Map<number, ClientNoticeKind>): Promise<ArrivedRequest[]> => {
  const pks = [...notices.keys()];
  const rows = await tx
    .select({ pk: communications.pk, kind: communications.kind, subject: communications.subject, text: communications.text, dueDate: communications.dueDate })
    .from(communications)
    .where(
      and(eq(communications.clientCompanyId, companyPk), inArray(communications.pk, pks), eq(communications.status, 'PROCESSING'), eq(communications.isHidden, false)),
    )
    .orderBy(asc(communications.pk));
  const items = await tx
    .select({ communicationId: communicationItems.communicationId, label: communicationItems.label })
    .from(communicationItems)
    .where(
      inArray(
        communicationItems.communicationId,
        rows.map((r) => r.pk),
      ),
    )
    .orderBy(asc(communicationItems.communicationId), asc(communicationItems.position));
  return rows.map((r) => ({ ...r, notice: notices.get(r.pk)!, items: items.filter((i) => i.communicationId === r.pk).map((i) => i.label) }));
};

/**
 * Tells one person of their unsent notices in one company: one email listing the requests, and one text
 * when their phone is known. Sending is not inside a database transaction (the mail is written to the
 * outbox as it goes); the notices are claimed first and settled after. A failed email lets them go
 * with the error kept, and throws so the job is retried.
 */
const tellPerson = async (deps: ArrivalDeps, company: { pk: number; name: string }, userPk: number) => {
  const { db } = deps;
  const notices = await claim(db, company.pk, userPk);
  const pks = [...notices.keys()];
  if (pks.length === 0) return;
  try {
    const [person] = await db
      .select({ email: users.email, firstName: users.firstName, phone: users.phone, isActive: users.isActive, member: clientMemberships.userId })
      .from(users)
      .leftJoin(clientMemberships, and(eq(clientMemberships.userId, users.pk), eq(clientMemberships.clientCompanyId, company.pk)))
      .where(eq(users.pk, userPk));
    if (!person?.isActive) return await settle(db, company.pk, userPk, pks, 'inactive');
    if (person.member === null) return await settle(db, company.pk, userPk, pks, 'not_a_member');
    const requests = await waitingRequests(db, company.pk, notices);
    await settle(
      db,
      company.pk,
      userPk,
      pks.filter((pk) => !requests.some((r) => r.pk === pk)),
      'withdrawn',
    );
    if (requests.length === 0) return;
    const brand = await findBrandOfUser(db, userPk);
    const firmName = brand.firmName ?? 'Your accountant';
    const [only] = requests;
    const path = `/dashboard/client/company-client/?company=${company.pk}${requests.length === 1 && only ? `&request=${only.pk}` : ''}`;
    // Each sign-in link works once: the email and the text carry one each.
    const signIn = async () => `${magicLinkUrl(deps.appUrl, await issueCode(db, userPk, 'MAGIC_LINK'))}&next=${encodeURIComponent(path)}`;
    const content = arrivalEmail({ firstName: person.firstName, firmName, companyName: company.name, url: await signIn(), requests });
    const went = await deps.mailer.send(person.email, brand, content, 'REQUEST_ARRIVED', {
      // A reply lands in the request's own thread (several requests: the company's), where the accountant reads it.
      replyTo: replyAddressFor(deps.replies, requests.length === 1 && only ? { kind: 'communication', pk: only.pk } : { kind: 'client-company', pk: company.pk }, userPk),
      unsubscribe: { userId: userPk, kind: 'REQUESTS' },
      throwOnFailure: true,
    });
    const told = requests.map((r) => r.pk);
    if (!went) return await settle(db, company.pk, userPk, told, 'opted_out');
    const phone = textablePhone(person.phone);
    if (phone) await sendText(db, deps.sms, phone, arrivalText({ firmName, companyName: company.name, url: await signIn(), requests }), 'REQUEST_ARRIVED_SMS');
    await settle(db, company.pk, userPk, told, 'sent');
  } catch (err) {
    await release(db, company.pk, userPk, pks, err);
    throw err;
  }
};

/**
 * The `request-arrival` job of one company: every person with unsent notices is told (or settled with
 * why not). A read-only firm's clients are told nothing. One person's failure does not keep the others
 * waiting; it is kept on their notices and thrown at the end, so the job is retried for them.
 */
export const sendArrivalNotices = async (deps: ArrivalDeps, companyPk: number) => {
  const [company] = await deps.db.select({ pk: clientCompanies.pk, name: clientCompanies.name }).from(clientCompanies).where(eq(clientCompanies.pk, companyPk));
  if (!company) return;
  const people = await deps.db
    .selectDistinct({ userId: requestArrivalNotices.userId })
    .from(requestArrivalNotices)
    .where(and(eq(requestArrivalNotices.clientCompanyId, companyPk), isNull(requestArrivalNotices.settledAt)));
  if (people.length === 0) return;
  if (subscriptionIsReadOnly(deps.config?.billing, await findSubscriptionOfCompany(deps.db, companyPk), new Date())) {
    await deps.db
      .update(requestArrivalNotices)
      .set({ settledAt: new Date(), outcome: 'firm_read_only' })
      .where(and(eq(requestArrivalNotices.clientCompanyId, companyPk), isNull(requestArrivalNotices.settledAt)));
    return;
  }
  let failure: unknown = null;
  for (const { userId } of people) {
    try {
      await tellPerson(deps, company, userId);
    } catch (err) {
      failure = err;
    }
  }
  if (failure) throw failure;
};
