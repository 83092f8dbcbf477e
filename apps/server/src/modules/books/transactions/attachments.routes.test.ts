import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMaker, type TestClient } from '../../../../test/client.js';
import { bankCsv, signedInCast, uniqueEmail } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { PDF_BYTES, PNG_1X1, multipart } from '../../../../test/multipart.js';
import { signInInvited } from '../../../../test/restricted.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 15);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const upload = async (client: TestClient, companyPk: number, name: string, bytes: Buffer) => {
  const { body, headers } = multipart({ client_company: String(companyPk) }, { name, bytes });
  return (await client.request('POST', 'storage/file/create/', { body, headers })).json();
};

const setup = async () => {
  const cast = await signedInCast(t.db, newClient);
  const pk = cast.clientUser.companyId;
  const csv = multipart({}, { name: 'b.csv', bytes: Buffer.from(bankCsv(2)) });
  await cast.admin.request('POST', `accounting/accountant/client-company/${pk}/transactions/import-csv/`, csv);
  const txs = (await cast.client.get(`accounting/client/company/${pk}/transactions/list/`)).json().results as { pk: number }[];
  return { cast, pk, txs };
};

/** `{attachmentPk: removable}` of one transaction, as a side's transaction list shows it to this user. */
const removableAsSeenBy = async (client: TestClient, side: 'client' | 'accountant', companyPk: number, txPk: number) => {
  const list = (await client.get(`accounting/${side}/${side === 'client' ? 'company' : 'client-company'}/${companyPk}/transactions/list/`)).json();
  const row = list.results.find((r: { pk: number }) => r.pk === txPk) as { attachments: { pk: number; removable: boolean }[] };
  return Object.fromEntries(row.attachments.map((a) => [a.pk, a.removable]));
};

describe('attachments', () => {
  it('a client attaches a receipt; both sides see it; the accountant downloads a zip of the selection', async () => {
    const { cast, pk, txs } = await setup();
    const receipt = await upload(cast.client, pk, 'receipt.png', PNG_1X1);
    const res = await cast.client.post(`accounting/transaction/${txs[0]!.pk}/attachments/`, { file: receipt.pk });
    expect(res.statusCode).toBe(200);
    expect(res.json().attachments).toEqual([expect.objectContaining({ file: receipt.pk, name: 'receipt.png', content_type: 'image/png' })]);
    const invoice = await upload(cast.admin, pk, 'invoice.pdf', PDF_BYTES);
    await cast.admin.post(`accounting/transaction/${txs[1]!.pk}/attachments/`, { file: invoice.pk });
    // Markers see attachments.
    const without = (await cast.admin.get(`accounting/accountant/client-company/${pk}/transactions/list/?markers=WITHOUT_ATTACHMENTS`)).json();
    expect(without.count).toBe(0);

    const zip = await cast.admin.get(`accounting/accountant/client-company/${pk}/transactions/attachments/zip/?pks=${txs.map((x) => x.pk).join(',')}`);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const bytes = zip.rawPayload;
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    expect(bytes.includes(Buffer.from('receipt.png'))).toBe(true);
    expect(bytes.includes(Buffer.from('invoice.pdf'))).toBe(true);

    const attachmentPk = res.json().attachments[0].pk;
    expect((await cast.client.delete(`accounting/transaction/${txs[0]!.pk}/attachments/${attachmentPk}/`)).statusCode).toBe(204);
  });

  it('refuses another company’s file, another firm’s transaction, and an empty selection', async () => {
    const { cast, pk, txs } = await setup();
    const other = await setup();
    const theirs = await upload(other.cast.client, other.pk, 'theirs.png', PNG_1X1);
    expect((await cast.admin.post(`accounting/transaction/${txs[0]!.pk}/attachments/`, { file: theirs.pk })).json()).toEqual({ file: ['File is not valid.'] });
    expect((await other.cast.admin.post(`accounting/transaction/${txs[0]!.pk}/attachments/`, { file: theirs.pk })).statusCode).toBe(404);
    expect((await cast.admin.get(`accounting/accountant/client-company/${pk}/transactions/attachments/zip/?pks=${txs[0]!.pk}`)).json()).toEqual({
      detail: 'The selected transactions have no attachments.',
    });
    expect((await other.cast.admin.get(`accounting/accountant/client-company/${pk}/transactions/attachments/zip/?pks=${txs[0]!.pk}`)).statusCode).toBe(404);
    expect((await cast.admin.get(`accounting/accountant/client-company/${pk}/transactions/attachments/zip/?pks=x`)).json()).toEqual({
      pks: ['Transactions is not valid.'],
    });
  });

  it('a client removes only attachments of their company’s client users, never the accountant’s', async () => {
    const { cast, pk, txs } = await setup();
    const attach = async (client: TestClient, name: string) => {
      const file = await upload(client, pk, name, PNG_1X1);
      const res = (await client.post(`accounting/transaction/${txs[0]!.pk}/attachments/`, { file: file.pk })).json();
      return res.attachments.find((a: { file: number }) => a.file === file.pk).pk as number;
    };
    const email = uniqueEmail('coworker');
    await cast.client.post('accounting/client-coworker/', { email, first_name: 'Bo', last_name: 'Keeper', client_company: pk });
    const coworker = await signInInvited(t, newClient, email);
    const accountants = await attach(cast.admin, 'statement.png');
    const coworkers = await attach(coworker, 'coworker.png');
    const remove = (client: TestClient, attachmentPk: number) => client.delete(`accounting/transaction/${txs[0]!.pk}/attachments/${attachmentPk}/`);
    // Each side is told which files it may remove, by the rule the delete applies.
    expect(await removableAsSeenBy(cast.client, 'client', pk, txs[0]!.pk)).toEqual({ [accountants]: false, [coworkers]: true });
    expect(await removableAsSeenBy(cast.admin, 'accountant', pk, txs[0]!.pk)).toEqual({ [accountants]: true, [coworkers]: true });

    const refused = await remove(cast.client, accountants);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'Only attachments added by the client can be removed here.' });
    expect((await remove(cast.client, coworkers)).statusCode).toBe(204);
    expect((await remove(cast.admin, accountants)).statusCode).toBe(204);
  });

  it('a client removes no attachment where attachments are not client-editable', async () => {
    const { cast, pk, txs } = await setup();
    const receipt = await upload(cast.client, pk, 'r.png', PNG_1X1);
    const attached = (await cast.client.post(`accounting/transaction/${txs[0]!.pk}/attachments/`, { file: receipt.pk })).json().attachments[0].pk;
    expect(await removableAsSeenBy(cast.client, 'client', pk, txs[0]!.pk)).toEqual({ [attached]: true });
    await cast.admin.patch(`accounting/accountant/client-company/${pk}/update/`, { client_editable_fields: ['category'] });
    expect(await removableAsSeenBy(cast.client, 'client', pk, txs[0]!.pk)).toEqual({ [attached]: false });
    expect(await removableAsSeenBy(cast.admin, 'accountant', pk, txs[0]!.pk)).toEqual({ [attached]: true });
    const refused = await cast.client.delete(`accounting/transaction/${txs[0]!.pk}/attachments/${attached}/`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'This client may not remove attachments.' });
    expect(
      (await cast.admin.get(`accounting/client/company/${pk}/transactions/list/`)).json().results.find((r: { pk: number }) => r.pk === txs[0]!.pk).attachments,
    ).toHaveLength(1);
    // Viewing as the client, the accountant is still the accountant.
    expect((await cast.admin.delete(`accounting/transaction/${txs[0]!.pk}/attachments/${attached}/`)).statusCode).toBe(204);
  });

  it('respects a company that does not let clients attach files', async () => {
    const { cast, pk, txs } = await setup();
    await cast.admin.patch(`accounting/accountant/client-company/${pk}/update/`, { client_editable_fields: ['category'] });
    const receipt = await upload(cast.client, pk, 'r.png', PNG_1X1);
    expect((await cast.client.post(`accounting/transaction/${txs[0]!.pk}/attachments/`, { file: receipt.pk })).json()).toEqual({
      detail: 'This client may not add attachments.',
    });
  });
});
