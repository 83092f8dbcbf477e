import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, requestTemplates } from '../../../db/schema/index.js';
import { clientMaker } from '../../../../test/client.js';
import { setSubscription, signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 64);
let cast: Awaited<ReturnType<typeof signedInCast>>;

beforeAll(async () => {
  t = await createTestApp();
  cast = await signedInCast(t.db, newClient);
});
afterAll(async () => t?.close());

const LIST = 'accounting/request-templates/list/';
const CREATE = 'accounting/request-template/create/';
const update = (pk: number) => `accounting/request-template/update/${pk}/`;
const remove = (pk: number) => `accounting/request-template/delete/${pk}/`;

let counter = 0;
const body = (extra: object = {}) => ({
  name: `Quarterly payroll ${++counter}`,
  kind: 'REQUEST',
  subject: 'Payroll reports',
  text: 'Please upload the quarter’s payroll reports.',
  items: [
    { label: 'Form 941', answer_kind: 'FILES' },
    { label: 'Anything unusual?', answer_kind: 'TEXT', required: false },
  ],
  ...extra,
});

const create = async (extra: object = {}) => {
  const res = await cast.admin.post(CREATE, body(extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};

describe('saving a template', () => {
  it('answers the template with its author and writes an audit entry; the firm’s list shows it', async () => {
    const template = await create({ name: '  Payroll, quarterly  ' });
    expect(template).toMatchObject({
      name: 'Payroll, quarterly',
      kind: 'REQUEST',
      subject: 'Payroll reports',
      items: [
        { label: 'Form 941', answer_kind: 'FILES', required: true },
        { label: 'Anything unusual?', answer_kind: 'TEXT', required: false },
      ],
      created_by: { pk: cast.firm.adminId, name: 'Ada Admin' },
    });
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.targetPk, template.pk));
    expect(audit).toMatchObject({ action: 'request_template.create', targetType: 'request_template', firmId: cast.firm.firmId });
    const listed = (await cast.teamMember.get(LIST)).json();
    expect(listed.find((x: { pk: number }) => x.pk === template.pk)).toEqual(template);
  });

  it('refuses content a request would refuse, with the same field errors', async () => {
    const cases: [object, Record<string, string[]>][] = [
      [{ name: '   ' }, { name: ['Name is required.'] }],
      [{ name: 'x'.repeat(101) }, { name: ['Name must be at most 100 characters.'] }],
      [{ subject: '' }, { subject: ['Subject is required.'] }],
      [{ kind: 'LETTER' }, { kind: ['Kind is not valid.'] }],
      [{ items: [] }, { items: ['Items must have at least 1 item.'] }],
      [{ kind: 'NOTICE' }, { items: ['Only a request has a checklist.'] }],
      [{ items: [{ label: '', answer_kind: 'FILES' }] }, { 'items.0.label': ['Item is required.'] }],
      [{ items: [{ label: 'Statement', answer_kind: 'PHOTO' }] }, { 'items.0.answer_kind': ['Answer kind is not valid.'] }],
      [{ text: 'x'.repeat(10_001) }, { text: ['Text must be at most 10000 characters.'] }],
    ];
    for (const [extra, errors] of cases) {
      const res = await cast.admin.post(CREATE, body(extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json(), JSON.stringify(extra)).toMatchObject(errors);
    }
  });

  it('a W9 template names no vendor: the composer asks for it on each request', async () => {
    const template = await create({ kind: 'W9', items: [] });
    expect(template).toMatchObject({ kind: 'W9', items: [] });
    expect(template).not.toHaveProperty('w9_vendor');
  });

  it('names are unique in the firm whatever their case, but another firm may use the same name', async () => {
    await create({ name: 'Sales tax returns' });
    const again = await cast.clientAdmin.post(CREATE, body({ name: 'SALES TAX returns' }));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ name: ['Your firm already has a template with this name.'] });
    expect((await cast.otherFirmAdmin.post(CREATE, body({ name: 'Sales tax returns' }))).statusCode).toBe(201);
  });
});

describe('who may do what', () => {
  it('every firm user lists; firm admins and client admins write; team members and clients cannot', async () => {
    expect((await cast.clientAdmin.post(CREATE, body())).statusCode).toBe(201);
    expect((await cast.teamMember.post(CREATE, body())).statusCode).toBe(403);
    expect((await cast.client.post(CREATE, body())).statusCode).toBe(403);
    expect((await cast.anonymous.post(CREATE, body())).statusCode).toBe(401);
    const template = await create();
    expect((await cast.teamMember.patch(update(template.pk), { subject: 'Mine now' })).statusCode).toBe(403);
    expect((await cast.teamMember.delete(remove(template.pk))).statusCode).toBe(403);
    expect((await cast.teamMember.get(LIST)).statusCode).toBe(200);
    expect((await cast.client.get(LIST)).statusCode).toBe(403);
    expect((await cast.anonymous.get(LIST)).statusCode).toBe(401);
  });

  it('another firm’s template is 404 to change or delete, and never in its list', async () => {
    const template = await create();
    expect((await cast.otherFirmAdmin.patch(update(template.pk), { subject: 'Taken over' })).statusCode).toBe(404);
    expect((await cast.otherFirmAdmin.delete(remove(template.pk))).statusCode).toBe(404);
    const theirs = (await cast.otherFirmAdmin.get(LIST)).json();
    expect(theirs.some((x: { pk: number }) => x.pk === template.pk)).toBe(false);
    const [row] = await t.db.select().from(requestTemplates).where(eq(requestTemplates.pk, template.pk));
    expect(row!.subject).toBe('Payroll reports');
  });

  it('a firm in read-only mode keeps its list but cannot change it', async () => {
    const template = await create();
    await setSubscription(t.db, cast.firm.firmId, 'CANCELLED');
    try {
      expect((await cast.admin.get(LIST)).statusCode).toBe(200);
      expect((await cast.admin.post(CREATE, body())).statusCode).toBe(403);
      expect((await cast.admin.delete(remove(template.pk))).statusCode).toBe(403);
    } finally {
      await setSubscription(t.db, cast.firm.firmId, 'TRIAL');
    }
  });
});

describe('changing and deleting a template', () => {
  it('checks the template as it would be: a new kind must bring its checklist along', async () => {
    const template = await create();
    const bad = await cast.admin.patch(update(template.pk), { kind: 'NOTICE' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ items: ['Only a request has a checklist.'] });
    const res = await cast.admin.patch(update(template.pk), { kind: 'NOTICE', items: [], subject: 'Payroll is due' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'NOTICE', items: [], subject: 'Payroll is due', name: template.name, text: template.text });
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'request_template.update'));
    expect([...(audit!.details as { fields: string[] }).fields].sort()).toEqual(['items', 'kind', 'subject']);
  });

  it('renaming to another template’s name is a field error; keeping its own name (in another case) is fine', async () => {
    const first = await create({ name: 'Payroll summary' });
    const second = await create();
    expect((await cast.admin.patch(update(second.pk), { name: 'payroll summary' })).json()).toEqual({ name: ['Your firm already has a template with this name.'] });
    const renamed = await cast.admin.patch(update(first.pk), { name: 'PAYROLL SUMMARY' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().name).toBe('PAYROLL SUMMARY');
  });

  it('an empty change answers the template as it is', async () => {
    const template = await create();
    const res = await cast.admin.patch(update(template.pk), {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(template);
  });

  it('deleting removes it from the list, with an audit entry; a second delete is 404', async () => {
    const template = await create();
    expect((await cast.clientAdmin.delete(remove(template.pk))).statusCode).toBe(204);
    expect((await cast.admin.get(LIST)).json().some((x: { pk: number }) => x.pk === template.pk)).toBe(false);
    expect((await cast.admin.delete(remove(template.pk))).statusCode).toBe(404);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.targetPk, template.pk));
    expect(audits.map((a) => a.action)).toContain('request_template.delete');
  });
});
