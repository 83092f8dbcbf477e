import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestTemplateCreateBody } from '@herd/contract';
import { requestTemplates } from '../../../db/schema/index.js';
import { clientMaker } from '../../../../test/client.js';
import { codeFromEmail, uniqueEmail } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { seedStarterTemplates, STARTER_TEMPLATES } from './starter-templates.service.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 16);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('the templates a firm starts with', () => {
  it('are valid templates, so a firm can save them again after editing', () => {
    for (const template of STARTER_TEMPLATES) expect(requestTemplateCreateBody.safeParse(template).success, template.name).toBe(true);
  });

  it('a firm created by signing up lists the three, by name, written by nobody', async () => {
    const email = uniqueEmail('starter');
    const client = newClient();
    const signup = await client.post('users/accountant-signup/', {
      email,
      password: 'quiet harbour lantern 42',
      first_name: 'Pat',
      last_name: 'Ledger',
      company_name: 'Starter & Co',
    });
    expect(signup.statusCode).toBe(200);
    const confirmed = await client.post('users/accountant-signup/confirm/', { code: codeFromEmail(await t.lastMailTo(email), 'signup') });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const listed = (await client.get('accounting/request-templates/list/')).json();
    expect(listed.map((x: { name: string; kind: string; created_by: unknown }) => [x.name, x.kind, x.created_by])).toEqual([
      ['Monthly bank statements', 'REQUEST', null],
      ['W-9 for new vendor', 'W9', null],
      ['Year-end checklist', 'REQUEST', null],
    ]);
    const statements = listed[0];
    expect(statements.items).toEqual([{ label: 'Statement for each bank and credit card account', answer_kind: 'FILES', required: true }]);
    expect(listed[2].items.length).toBeGreaterThanOrEqual(4);
    // The firm owns them like its own: it edits and deletes them.
    expect((await client.patch(`accounting/request-template/update/${statements.pk}/`, { subject: 'Statements, please' })).statusCode).toBe(200);
    expect((await client.delete(`accounting/request-template/delete/${listed[1].pk}/`)).statusCode).toBe(204);
  });

  it('are written inside the transaction that creates the firm: a failed creation leaves none behind', async () => {
    const before = await t.db.select().from(requestTemplates);
    await expect(
      t.db.transaction(async (tx) => {
        await seedStarterTemplates(tx, 2_000_000_000); // no such firm: the foreign key refuses, and nothing stays
      }),
    ).rejects.toThrow();
    expect(await t.db.select().from(requestTemplates)).toHaveLength(before.length);
    expect(await t.db.select().from(requestTemplates).where(eq(requestTemplates.firmId, 2_000_000_000))).toHaveLength(0);
  });
});
