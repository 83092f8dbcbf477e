import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communicationContent } from '@herd/contract';
import { auditLog, communicationFiles, communicationItems, communications, files } from '../../../db/schema/index.js';
import { createClientUser, createFirm } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { ValidationError } from '../../../lib/errors.js';
import { createCommunication } from './communication-create.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const fileOf = async (firmId: number, companyPk: number | null) => {
  const [row] = await t.db
    .insert(files)
    .values({ firmId, clientCompanyId: companyPk, storageKey: `k/${Math.random()}`, name: 'report.pdf', contentType: 'application/pdf', size: 10, sha256: 'x' })
    .returning();
  return row!.pk;
};

const request = communicationContent.parse({
  kind: 'REQUEST',
  subject: 'November close',
  text: 'Please send these by Friday.',
  items: [
    { label: 'Bank statement', answer_kind: 'FILES' },
    { label: 'Anything unusual?', answer_kind: 'TEXT', required: false },
  ],
});

describe('createCommunication (what a schedule’s job calls)', () => {
  it('writes the communication, its checklist in order, its shared files and an audit entry, waiting on the client', async () => {
    const firm = await createFirm(t.db);
    const client = await createClientUser(t.db, firm.firmId);
    const filePk = await fileOf(firm.firmId, null);
    const made = await t.db.transaction((tx) =>
      createCommunication(tx, {
        firmId: firm.firmId,
        clientCompanyPk: client.companyId,
        content: { ...request, attachments: [filePk] },
        dueDate: '2026-12-05',
        sender: 'ACCOUNTANT',
        authorPk: firm.adminId,
      }),
    );
    expect(made.created).toBe(true);
    const [row] = await t.db.select().from(communications).where(eq(communications.pk, made.pk));
    expect(row).toMatchObject({
      firmId: firm.firmId,
      clientCompanyId: client.companyId,
      kind: 'REQUEST',
      status: 'PROCESSING',
      dueDate: '2026-12-05',
      recurringScheduleId: null,
    });
    const items = await t.db.select().from(communicationItems).where(eq(communicationItems.communicationId, made.pk)).orderBy(communicationItems.position);
    expect(items.map((i) => [i.label, i.answerKind, i.required])).toEqual([
      ['Bank statement', 'FILES', true],
      ['Anything unusual?', 'TEXT', false],
    ]);
    const shared = await t.db.select().from(communicationFiles).where(eq(communicationFiles.communicationId, made.pk));
    expect(shared.map((f) => [f.fileId, f.role])).toEqual([[filePk, 'ATTACHMENT']]);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'communication'), eq(auditLog.targetPk, made.pk)));
    expect(audit.map((a) => a.action)).toEqual(['communication.create']);
  });

  it('a schedule’s occurrence is written once: a second call for the same day returns the first', async () => {
    const firm = await createFirm(t.db);
    const client = await createClientUser(t.db, firm.firmId);
    const input = {
      firmId: firm.firmId,
      clientCompanyPk: client.companyId,
      content: request,
      dueDate: null,
      sender: 'ACCOUNTANT' as const,
      authorPk: null,
      occurrence: { schedulePk: 4242, occurrenceDate: '2026-12-01' },
    };
    const first = await t.db.transaction((tx) => createCommunication(tx, input));
    const again = await t.db.transaction((tx) => createCommunication(tx, input));
    expect(again).toEqual({ pk: first.pk, created: false });
    const rows = await t.db.select().from(communications).where(eq(communications.recurringScheduleId, 4242));
    expect(rows.map((r) => [r.pk, r.occurrenceDate, r.authorId])).toEqual([[first.pk, '2026-12-01', null]]);
  });

  it('refuses another company’s or firm’s file and content that breaks the rules; a client’s communication waits on the accountant', async () => {
    const firm = await createFirm(t.db);
    const client = await createClientUser(t.db, firm.firmId);
    const otherCompany = await createClientUser(t.db, firm.firmId);
    const otherFirm = await createFirm(t.db);
    const base = { firmId: firm.firmId, clientCompanyPk: client.companyId, dueDate: null, sender: 'ACCOUNTANT' as const, authorPk: firm.adminId };
    for (const foreign of [await fileOf(firm.firmId, otherCompany.companyId), await fileOf(otherFirm.firmId, null)]) {
      const refused = t.db.transaction((tx) => createCommunication(tx, { ...base, content: { ...request, attachments: [foreign] } }));
      await expect(refused).rejects.toMatchObject({ fields: { attachments: ['File is not valid.'] } });
    }
    const noItems = t.db.transaction((tx) => createCommunication(tx, { ...base, content: { ...request, items: [] } }));
    await expect(noItems).rejects.toBeInstanceOf(ValidationError);

    const fromClient = await t.db.transaction((tx) =>
      createCommunication(tx, {
        ...base,
        sender: 'CLIENT',
        authorPk: client.userId,
        content: communicationContent.parse({ kind: 'NOTICE', subject: 'New bank account' }),
      }),
    );
    const [row] = await t.db.select().from(communications).where(eq(communications.pk, fromClient.pk));
    expect([row!.sender, row!.status]).toEqual(['CLIENT', 'READY']);
  });
});
