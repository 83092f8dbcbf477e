import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMemberships, emailOptOuts, outbox, requestArrivalNotices, subscriptions, users } from '../../../db/schema/index.js';
import { clientMaker } from '../../../../test/client.js';
import { accPath, checklist, createCommunication, dayFromToday } from '../../../../test/communications.js';
import { createClientUser, createFirm, signIn, uniqueEmail } from '../../../../test/factories.js';
import { createTestApp, recordingTransport, type TestApp } from '../../../../test/harness.js';
import { insertUser } from '../../people/auth/auth.queries.js';
import { gmailReply, PDF_BYTES, postInbound } from '../../../../test/inbound.js';
import { todayIn } from '../../../lib/calendar-days.js';
import { sendArrivalNotices, type ArrivalDeps } from './arrival-notice.job.js';
import { companiesWithFailedNotices, NOTICE_RETRY_DAYS } from './arrival-notices.queries.js';
import { sweepDueRequests } from './due-notices.job.js';

/**
 * A request the firm sends reaches each client user of the company by email (and text where their
 * phone is known) from the `request-arrival` job: one message per person however many requests arrived
 * together, never twice, and nothing for those who must not get it.
 */
const transport = recordingTransport();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, transport);
});
afterAll(async () => t?.close());
const newClient = clientMaker(() => t.app, 31);

const texts: { to: string; body: string }[] = [];
const deps = (): ArrivalDeps => ({
  ...t.app.deps,
  appUrl: t.app.deps.config.appUrl,
  replies: t.app.deps.config,
  sms: { reachesPhones: true, send: async (to, body) => void texts.push({ to, body }) },
});

/** A firm, its admin signed in, and a company with one client user (phone known) and a colleague of theirs. */
const setup = async () => {
  const firm = await createFirm(t.db);
  const admin = newClient();
  await signIn(admin, firm.adminEmail);
  const client = await createClientUser(t.db, firm.firmId);
  const phone = `+1415555${String(client.userId).padStart(4, '0').slice(-4)}`;
  await t.db.update(users).set({ phone }).where(eq(users.pk, client.userId));
  const colleague = await insertUser(t.db, { email: uniqueEmail('colleague'), accountType: 'CLIENT_COWORKER', firstName: 'Cal' });
  await t.db.insert(clientMemberships).values({ clientCompanyId: client.companyId, userId: colleague.pk, role: 'CLIENT_COWORKER' });
  return { firm, admin, client, phone, colleague };
};

const mailsTo = (to: string) => transport.delivered.filter((m) => m.to === to);
const noticesOf = (communicationPk: number) => t.db.select().from(requestArrivalNotices).where(eq(requestArrivalNotices.communicationId, communicationPk));

describe('a request arrives: the client hears at once', () => {
  it('emails each client user once, with the title, due date, items, a sign-in link that opens it and a reply address; texts a known phone', async () => {
    const { admin, client, phone, colleague } = await setup();
    const due = dayFromToday(10);
    const sent = await createCommunication(admin, client.companyId, { ...checklist, due_date: due });
    expect(mailsTo(client.email)).toEqual([]); // sent by the job, after the answer
    texts.length = 0;
    await sendArrivalNotices(deps(), client.companyId);
    await sendArrivalNotices(deps(), client.companyId);
    await t.runJobs(); // the queued job finds nothing left
    const [mail, ...more] = mailsTo(client.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Test Firm: November close');
    expect(mail!.text).toContain('new request for Client Co: “November close”, due');
    expect(mail!.text).toContain('• Bank statement');
    expect(mail!.text).toMatch(new RegExp(`magic=[^&\\s]+&next=%2Fdashboard%2Fclient%2Fcompany-client%2F%3Fcompany%3D${client.companyId}%26request%3D${sent.pk}`));
    expect(mail!.replyTo).toMatch(/^reply\+[a-z2-7]+@/);
    expect(mail!.headers['List-Unsubscribe']).toBeDefined();
    expect(texts).toEqual([{ to: phone, body: expect.stringMatching(/^Test Firm: new request “November close” due .* for Client Co in Herd\. .*magic=/) }]);
    const [colleagueRow] = await t.db.select({ email: users.email }).from(users).where(eq(users.pk, colleague.pk));
    expect(mailsTo(colleagueRow!.email)).toHaveLength(1);
    expect((await noticesOf(sent.pk)).map((n) => n.outcome)).toEqual(['sent', 'sent']);
  });

  it('files a reply to the email in the request’s own thread, for the accountant to read there; files are answered in Herd', async () => {
    const { admin, client } = await setup();
    const sent = await createCommunication(admin, client.companyId, { ...checklist, subject: 'Q2 statements' });
    await t.runJobs();
    const [mail] = mailsTo(client.email);
    const replied = await postInbound(t, await gmailReply(client.email, mail!.replyTo!, 'The June statement comes next week.'));
    expect(replied.json()).toEqual({ deliveries: [{ recipient: mail!.replyTo, outcome: 'accepted' }] });
    const thread = (await admin.get(`accounting/notes/communication/${sent.pk}/note/list/`)).json() as { body: string; sender: string }[];
    expect(thread.at(-1)).toMatchObject({ body: 'The June statement comes next week.', sender: 'CLIENT' });
    const withFile = await gmailReply(client.email, mail!.replyTo!, 'Here it is.', {
      attachments: [{ filename: 'june.pdf', content: PDF_BYTES, contentType: 'application/pdf' }],
    });
    expect((await postInbound(t, withFile)).json().deliveries[0]).toMatchObject({
      outcome: 'refused',
      reason: expect.stringMatching(/^Files for a request are answered in Herd/),
    });
  });

  it('tells requests sent together in one message per person, listing them', async () => {
    const { admin, client } = await setup();
    await createCommunication(admin, client.companyId, { ...checklist, subject: 'Q3 bank statements' });
    await createCommunication(admin, client.companyId, { kind: 'NOTICE', subject: 'Office closed Friday', text: 'We are out on Friday.' });
    await t.runJobs();
    const mails = mailsTo(client.email);
    expect(mails.map((m) => m.subject)).toEqual(['Test Firm sent you 2 new requests for Client Co']);
    expect(mails[0]!.text).toContain('Q3 bank statements');
    expect(mails[0]!.text).toContain('Office closed Friday');
  });

  it('sends nothing twice when two workers race', async () => {
    const { admin, client } = await setup();
    await createCommunication(admin, client.companyId, checklist);
    await Promise.all([sendArrivalNotices(deps(), client.companyId), sendArrivalNotices(deps(), client.companyId), t.runJobs()]);
    expect(mailsTo(client.email)).toHaveLength(1);
  });

  it('tells nobody who turned request emails off, is deactivated, or has left the company; nothing from a read-only firm', async () => {
    const { firm, admin, client, phone, colleague } = await setup();
    await t.db.insert(emailOptOuts).values({ userId: client.userId, kind: 'REQUESTS', via: 'SETTINGS' });
    await t.db.update(users).set({ isActive: false }).where(eq(users.pk, colleague.pk));
    const first = await createCommunication(admin, client.companyId, checklist);
    texts.length = 0;
    await sendArrivalNotices(deps(), client.companyId);
    expect(mailsTo(client.email)).toEqual([]);
    expect(texts).toEqual([]);
    expect(await t.db.select().from(outbox).where(eq(outbox.recipient, phone))).toEqual([]);
    // The deactivated colleague was never among those to tell.
    expect((await noticesOf(first.pk)).map((n) => [n.userId, n.outcome])).toEqual([[client.userId, 'opted_out']]);

    await t.db.delete(emailOptOuts).where(eq(emailOptOuts.userId, client.userId));
    const second = await createCommunication(admin, client.companyId, { ...checklist, subject: 'Left before it went' });
    await t.db.delete(clientMemberships).where(and(eq(clientMemberships.userId, client.userId), eq(clientMemberships.clientCompanyId, client.companyId)));
    await sendArrivalNotices(deps(), client.companyId);
    expect((await noticesOf(second.pk)).map((n) => n.outcome)).toEqual(['not_a_member']);

    await t.db.insert(clientMemberships).values({ clientCompanyId: client.companyId, userId: client.userId, role: 'CLIENT' });
    const third = await createCommunication(admin, client.companyId, { ...checklist, subject: 'While unpaid' });
    await t.db
      .update(subscriptions)
      .set({ status: 'TRIAL_EXPIRED', trialEndsAt: new Date(Date.now() - 86_400_000) })
      .where(eq(subscriptions.firmId, firm.firmId));
    await sendArrivalNotices(deps(), client.companyId);
    expect(mailsTo(client.email)).toEqual([]);
    expect((await noticesOf(third.pk)).map((n) => n.outcome)).toEqual(['firm_read_only']);
  });

  it('retries a failed email, keeps the failure on the notice meanwhile, and then sends it once', async () => {
    const { admin, client } = await setup();
    const sent = await createCommunication(admin, client.companyId, checklist);
    const failing = { ...deps(), mailer: { send: () => Promise.reject(new Error('SMTP 451: try again later')) } };
    await expect(sendArrivalNotices(failing, client.companyId)).rejects.toThrow('SMTP 451');
    // Both people's notices (the client and their colleague) keep the failure, let go for the retry.
    expect((await noticesOf(sent.pk)).map((n) => [n.outcome, n.attempts, n.error, n.claimedAt])).toEqual([
      ['', 1, 'SMTP 451: try again later', null],
      ['', 1, 'SMTP 451: try again later', null],
    ]);
    // The accountant sees it on the request, without the mail server's words.
    const undelivered = async () => (await admin.get(accPath(client.companyId, 'list/'))).json().results.find((r: { pk: number }) => r.pk === sent.pk).undelivered;
    expect(await undelivered()).toBe(2);
    await sendArrivalNotices(deps(), client.companyId);
    expect(await undelivered()).toBe(0);
    expect(mailsTo(client.email)).toHaveLength(1);
    expect((await noticesOf(sent.pk)).map((n) => [n.outcome, n.error])).toEqual([
      ['sent', ''],
      ['sent', ''],
    ]);
  });

  it('keeps trying for three days after the job’s own retries: the quarter-hourly sweep queues the company again', async () => {
    const { admin, client } = await setup();
    await createCommunication(admin, client.companyId, checklist);
    const failing = { ...deps(), mailer: { send: () => Promise.reject(new Error('SMTP 421: service not available')) } };
    await expect(sendArrivalNotices(failing, client.companyId)).rejects.toThrow('SMTP 421');
    const queued: unknown[] = [];
    const jobs = { sendMany: async (_name: string, items: { data: unknown }[]) => void queued.push(...items.map((i) => i.data)) };
    await sweepDueRequests({ db: t.db, jobs: jobs as never, config: { billing: { mode: 'off' } } });
    expect(queued).toContainEqual({ companyPk: client.companyId });
    const later = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000);
    expect(await companiesWithFailedNotices(t.db, later(NOTICE_RETRY_DAYS - 0.5))).toContain(client.companyId);
    expect(await companiesWithFailedNotices(t.db, later(NOTICE_RETRY_DAYS + 0.5))).not.toContain(client.companyId);
    // Once sent, nothing is left to try again.
    await sendArrivalNotices(deps(), client.companyId);
    expect(await companiesWithFailedNotices(t.db, new Date())).not.toContain(client.companyId);
  });

  it('tells of a request a schedule created, as of one an accountant sent', async () => {
    const { admin, client } = await setup();
    const res = await admin.post('accounting/recurring-schedule/create/', {
      client_company: client.companyId,
      content: { kind: 'REQUEST', subject: 'Weekly receipts', items: [{ label: 'Receipts', answer_kind: 'FILES' }] },
      due_days: 3,
      frequency: 'WEEKLY',
      weekdays: ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'],
      day_of_month: null,
      start_date: todayIn('America/New_York', new Date()),
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.runJobs();
    expect(mailsTo(client.email).map((m) => m.subject)).toEqual(['Test Firm: Weekly receipts']);
  });

  it('tells nothing of what a client sends the firm', async () => {
    const { client } = await setup();
    const own = newClient();
    await signIn(own, client.email);
    const mine = await createCommunication(own, client.companyId, { kind: 'NOTICE', subject: 'We moved offices' });
    expect(await noticesOf(mine.pk)).toEqual([]);
  });
});
