import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientCompanies,
  clientCompanyAssignments,
  communications,
  documents,
  emailOptOuts,
  files,
  firmMembers,
  firms,
  notes,
  transactions,
  users,
} from '../../../db/schema/index.js';
import { addFirmMember, createClientUser, createFirm, emailsTo, firmMemberPkOf, setSubscription } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { runDigest, sweepDigests, type DigestRunDeps } from './digest-run.job.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

// 08:00 on June 10 in Tokyo (UTC+9, no daylight saving) is 23:00 UTC on June 9.
const TOKYO_EIGHT = new Date('2026-06-09T23:00:00Z');
const minutes = (n: number, from = TOKYO_EIGHT) => new Date(from.getTime() + n * 60_000);
const days = (n: number) => minutes(n * 24 * 60);
/** A moment in the hours before the digest: the client's activity. */
const EARLIER = minutes(-10 * 60);

const depsAt = (now: Date): DigestRunDeps => ({ ...t.app.deps, now: () => now });
/** A worker running the waiting digest jobs at `now`. */
const drain = (now: Date) => t.app.deps.jobs.drain('accountant-digest', async (data) => void (await runDigest(depsAt(now), data)));
const sweepAndRun = async (now: Date) => {
  await sweepDigests(depsAt(now));
  await drain(now);
};
const digests = async (email: string) => (await emailsTo(t.db, email)).filter((m) => m.template === 'ACCOUNTANT_DIGEST');

let externalId = 0;
/** A transaction the client answered at `at`: it waits for the accountant's review. */
const answered = async (companyPk: number, clientPk: number, at = EARLIER) =>
  t.db.insert(transactions).values({
    clientCompanyId: companyPk,
    externalId: `d${(externalId += 1)}`,
    ledgerEntityType: 'csv',
    type: 'EXPENSE',
    subtype: 'csv',
    date: '2026-06-01',
    amount: '12.00',
    status: 'FINISHED_IN_HERD',
    categorizedBy: clientPk,
    categorizedAt: at,
  });

const clientNote = (firmId: number, companyPk: number, authorPk: number, body: string, at = EARLIER) =>
  t.db
    .insert(notes)
    .values({ firmId, clientCompanyId: companyPk, targetType: 'CLIENT_COMPANY', targetPk: companyPk, authorId: authorPk, senderKind: 'CLIENT', body, createdAt: at });

/** A firm whose admin reads digests in Tokyo at 08:00, with one client company. */
const firmWithClient = async (companyName = 'Client Co') => {
  const firm = await createFirm(t.db);
  await t.db.update(firmMembers).set({ digestTimeZone: 'Asia/Tokyo' }).where(eq(firmMembers.userId, firm.adminId));
  const client = await createClientUser(t.db, firm.firmId);
  await t.db.update(clientCompanies).set({ name: companyName }).where(eq(clientCompanies.pk, client.companyId));
  return { firm, client };
};

describe('the daily digest run', () => {
  it('goes at the chosen hour in the person’s zone, not before, with what clients did and what needs them', async () => {
    const { firm, client } = await firmWithClient('Acme Bakery');
    // A colleague on the firm's zone (Singapore: 07:10 when Tokyo reaches 08:10) is not due yet.
    await t.db.update(firms).set({ timeZone: 'Asia/Singapore' }).where(eq(firms.pk, firm.firmId));
    const colleague = await addFirmMember(t.db, firm.firmId, 'CLIENT_ADMIN');
    await answered(client.companyId, client.userId);
    await answered(client.companyId, client.userId);
    await t.db.insert(communications).values({
      firmId: firm.firmId,
      clientCompanyId: client.companyId,
      kind: 'REQUEST',
      sender: 'ACCOUNTANT',
      subject: 'May bank statement',
      status: 'READY',
      answeredAt: EARLIER,
      answeredBy: client.userId,
    });
    await clientNote(firm.firmId, client.companyId, client.userId, 'The lunch was with a supplier.');

    await sweepAndRun(minutes(-30));
    expect(await digests(firm.adminEmail)).toHaveLength(0);
    await sweepAndRun(minutes(10));
    const [mail] = await digests(firm.adminEmail);
    expect(mail!.subject).toBe('Your daily digest: 1 client with news');
    expect(mail!.textBody).toContain('Acme Bakery');
    expect(mail!.textBody).toContain('Answered 2 transactions');
    expect(mail!.textBody).toContain('Answered 1 request: “May bank statement”');
    expect(mail!.textBody).toContain('Note from Cleo Client: “The lunch was with a supplier.”');
    expect(mail!.textBody).toContain('Needs you: 2 answers to review, 1 request to accept');
    expect(mail!.textBody).toMatch(new RegExp(`Open Acme Bakery in Herd: \\S+/dashboard/accountant/categorized/${client.companyId}/`));
    expect(mail!.textBody).toMatch(/Stop these emails \(Daily digest\)/);
    expect(await digests(colleague.email)).toHaveLength(0);

    // Not twice the same day, whatever the sweeps; the colleague's own 08:00 comes an hour later.
    await sweepAndRun(minutes(70));
    expect(await digests(firm.adminEmail)).toHaveLength(1);
    expect(await digests(colleague.email)).toHaveLength(1);
  });

  it('texts its counts too to whoever asked for it, beside the email; not to those who did not', async () => {
    const { firm, client } = await firmWithClient('Texted Bakery');
    await t.db.update(users).set({ phone: '+1 415 555 0177' }).where(eq(users.pk, firm.adminId));
    await t.db.update(firmMembers).set({ digestByText: true }).where(eq(firmMembers.userId, firm.adminId));
    const colleague = await addFirmMember(t.db, firm.firmId, 'FIRM_ADMIN');
    // A colleague with a phone who did not ask for texts, reading the digest at the same hour.
    await t.db.update(users).set({ phone: '+1 415 555 0178' }).where(eq(users.pk, colleague.userId));
    await t.db.update(firmMembers).set({ digestTimeZone: 'Asia/Tokyo' }).where(eq(firmMembers.userId, colleague.userId));
    await answered(client.companyId, client.userId);
    await answered(client.companyId, client.userId);
    const texts: { to: string; body: string }[] = [];
    const deps = { ...depsAt(minutes(10)), sms: { reachesPhones: true, send: async (to: string, body: string) => void texts.push({ to, body }) } };
    await sweepDigests(deps);
    await t.app.deps.jobs.drain('accountant-digest', async (data) => void (await runDigest(deps, data)));
    expect(await digests(firm.adminEmail)).toHaveLength(1);
    expect(texts).toEqual([
      { to: '+14155550177', body: expect.stringMatching(/^Herd digest: 1 client with news \(2 transactions answered\)\. \S+\/dashboard\/accountant\/$/) },
    ]);
    expect(await digests(colleague.email)).toHaveLength(1);
  });

  it('sends nothing when nothing happened and nothing waits, and the day still counts as done', async () => {
    const { firm, client } = await firmWithClient();
    await sweepAndRun(minutes(10));
    expect(await digests(firm.adminEmail)).toHaveLength(0);
    const [member] = await t.db.select().from(firmMembers).where(eq(firmMembers.userId, firm.adminId));
    expect(member!.lastDigestDate).toBe('2026-06-10');

    // The next day: what the client did since the quiet run.
    await answered(client.companyId, client.userId, minutes(60));
    await sweepAndRun(minutes(-60, days(1))); // 07:00 on the 11th in Tokyo
    expect(await digests(firm.adminEmail)).toHaveLength(0);
    await sweepAndRun(minutes(10, days(1)));
    const [mail] = await digests(firm.adminEmail);
    expect(mail!.textBody).toContain('since your last digest');
    expect(mail!.textBody).toContain('Answered 1 transaction');
  });

  it('counts what clients did, not what the firm’s own people did', async () => {
    const { firm, client } = await firmWithClient('Staff Co');
    // The admin answered a transaction (published straight away) and wrote a note: routine, not news.
    await t.db.insert(transactions).values({
      clientCompanyId: client.companyId,
      externalId: `d${(externalId += 1)}`,
      ledgerEntityType: 'csv',
      type: 'EXPENSE',
      subtype: 'csv',
      date: '2026-06-01',
      amount: '5.00',
      status: 'PUBLISHED_IN_PLATFORM',
      categorizedBy: firm.adminId,
      categorizedAt: EARLIER,
    });
    await t.db.insert(notes).values({
      firmId: firm.firmId,
      clientCompanyId: client.companyId,
      targetType: 'CLIENT_COMPANY',
      targetPk: client.companyId,
      authorId: firm.adminId,
      senderKind: 'ACCOUNTANT',
      body: 'Staff note',
      createdAt: EARLIER,
    });
    await sweepAndRun(minutes(10));
    expect(await digests(firm.adminEmail)).toHaveLength(0);

    // The next day the client sends a notice of their own.
    await t.db.insert(communications).values({
      firmId: firm.firmId,
      clientCompanyId: client.companyId,
      kind: 'NOTICE',
      sender: 'CLIENT',
      authorId: client.userId,
      subject: 'We moved offices',
      createdAt: minutes(60),
    });
    await sweepAndRun(minutes(10, days(1)));
    const [mail] = await digests(firm.adminEmail);
    expect(mail!.textBody).toContain('Sent you “We moved offices”');
    expect(mail!.textBody).not.toContain('Staff note');
    expect(mail!.textBody).toMatch(new RegExp(`/dashboard/accountant/requests/${client.companyId}/`));
  });

  it('tells of files the client added to the documents, not of the firm’s own', async () => {
    const { firm, client } = await firmWithClient('Paper Co');
    const addFile = async (name: string, byClient: boolean) => {
      const [file] = await t.db
        .insert(files)
        .values({
          firmId: firm.firmId,
          clientCompanyId: client.companyId,
          storageKey: `digest/${name}/${externalId++}`,
          name,
          contentType: 'application/pdf',
          size: 3,
          sha256: 'x',
        })
        .returning();
      await t.db
        .insert(documents)
        .values({ firmId: firm.firmId, clientCompanyId: client.companyId, kind: 'FILE', name, fileId: file!.pk, addedByClient: byClient, createdAt: EARLIER });
    };
    await addFile('w2.pdf', true);
    await addFile('1099.pdf', true);
    await addFile('engagement.pdf', false);
    await sweepAndRun(minutes(10));
    const [mail] = await digests(firm.adminEmail);
    expect(mail!.textBody).toContain('Added 2 files to Documents');
    expect(mail!.textBody).toMatch(new RegExp(`/dashboard/accountant/documents/${client.companyId}/`));
  });

  it('sends once when two workers race on the same person and date', async () => {
    const { firm, client } = await firmWithClient();
    await answered(client.companyId, client.userId);
    const at = minutes(10);
    await Promise.all([sweepDigests(depsAt(at)), sweepDigests(depsAt(at))]);
    const data = { memberPk: await firmMemberPkOf(t.db, firm.adminId), date: '2026-06-10' };
    const sent = await Promise.all([runDigest(depsAt(at), data), runDigest(depsAt(at), data), drain(at), drain(at)]);
    expect([sent[0], sent[1]].filter(Boolean).length).toBeLessThanOrEqual(1);
    expect(await digests(firm.adminEmail)).toHaveLength(1);
  });

  it('after downtime sends only today’s digest, not one per missed day', async () => {
    const { firm, client } = await firmWithClient();
    await answered(client.companyId, client.userId);
    // The 10th's job is queued, then no worker runs until the 13th.
    await sweepDigests(depsAt(minutes(10)));
    await sweepAndRun(minutes(10, days(3)));
    const mails = await digests(firm.adminEmail);
    expect(mails).toHaveLength(1);
    const [member] = await t.db.select().from(firmMembers).where(eq(firmMembers.userId, firm.adminId));
    expect(member!.lastDigestDate).toBe('2026-06-13');
  });

  it('tells a team member only of the clients assigned to them', async () => {
    const { firm, client } = await firmWithClient('Assigned Co');
    const other = await createClientUser(t.db, firm.firmId);
    await t.db.update(clientCompanies).set({ name: 'Elsewhere Co' }).where(eq(clientCompanies.pk, other.companyId));
    const member = await addFirmMember(t.db, firm.firmId, 'TEAM_MEMBER');
    await t.db.update(firmMembers).set({ digestTimeZone: 'Asia/Tokyo' }).where(eq(firmMembers.userId, member.userId));
    await t.db.insert(clientCompanyAssignments).values({ clientCompanyId: client.companyId, firmMemberId: await firmMemberPkOf(t.db, member.userId) });
    await answered(client.companyId, client.userId);
    await answered(other.companyId, other.userId);
    await clientNote(firm.firmId, other.companyId, other.userId, 'Only for the admins');
    await t.db.update(clientCompanies).set({ connectionState: 'NEEDS_REAUTH' }).where(eq(clientCompanies.pk, other.companyId));

    await sweepAndRun(minutes(10));
    const [mine] = await digests(member.email);
    expect(mine!.textBody).toContain('Assigned Co');
    expect(mine!.textBody).not.toContain('Elsewhere Co');
    expect(mine!.textBody).not.toContain('Only for the admins');
    const [admins] = await digests(firm.adminEmail);
    expect(admins!.subject).toBe('Your daily digest: 2 clients with news');
    expect(admins!.textBody).toContain('the ledger connection needs reconnecting');
  });

  it('sends nothing to someone who turned the digest off or unsubscribed, nor to a lapsed firm', async () => {
    const off = await firmWithClient();
    await answered(off.client.companyId, off.client.userId);
    await t.db.insert(emailOptOuts).values({ userId: off.firm.adminId, kind: 'DIGEST', via: 'LINK' });
    const lapsed = await firmWithClient();
    await answered(lapsed.client.companyId, lapsed.client.userId);
    await setSubscription(t.db, lapsed.firm.firmId, 'CANCELLED');
    await sweepAndRun(minutes(10));
    expect(await digests(off.firm.adminEmail)).toHaveLength(0);
    expect(await digests(lapsed.firm.adminEmail)).toHaveLength(0);
  });

  it('escapes client names and note text in the email, and keeps them plain in its text part', async () => {
    const { firm, client } = await firmWithClient('<b>Bold</b> & Co');
    await clientNote(firm.firmId, client.companyId, client.userId, '<script>alert(1)</script> & <img src=x onerror=alert(2)>');
    await sweepAndRun(minutes(10));
    const [mail] = await digests(firm.adminEmail);
    expect(mail!.htmlBody).not.toContain('<script>');
    expect(mail!.htmlBody).not.toContain('<b>Bold</b>');
    expect(mail!.htmlBody).not.toContain('<img src=x');
    expect(mail!.htmlBody).toContain('&lt;b&gt;Bold&lt;/b&gt; &amp; Co');
    expect(mail!.htmlBody).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail!.textBody).toContain('<b>Bold</b> & Co');
  });
});
