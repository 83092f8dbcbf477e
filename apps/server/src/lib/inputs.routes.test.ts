import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { details, ID_MAX } from '@herd/contract';
import { clientMaker } from '../../test/client.js';
import { bankCsv, createLedgerAccount, signedInCast } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { PDF_BYTES, multipart } from '../../test/multipart.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 62);
let cast: Awaited<ReturnType<typeof signedInCast>>;
let pk: number;

beforeAll(async () => {
  t = await createTestApp();
  cast = await signedInCast(t.db, newClient);
  pk = cast.clientUser.companyId;
});
afterAll(async () => t?.close());

const COMPANY = 'accounting/accountant/client-company';

describe('ids are checked against the range of their columns', () => {
  it('answers an id past the column’s range in a path as not found', async () => {
    for (const path of [
      `${COMPANY}/${ID_MAX + 1}/retrieve/`,
      `${COMPANY}/999999999999/retrieve/`,
      'storage/file/retrieve/2147483648/',
      'accounting/accountant-client-user/999999999999/',
    ]) {
      const res = await cast.admin.get(path);
      expect([path, res.statusCode, res.json()]).toEqual([path, 404, { detail: details.notFound }]);
    }
    // Anything else that is not an id answers the same.
    for (const bad of ['0', '-1', '1.5', 'abc', '1e3']) expect((await cast.admin.get(`${COMPANY}/${bad}/retrieve/`)).statusCode).toBe(404);
    // Only plain decimal digits name an id: no other spelling of the company's own pk reaches it.
    expect((await cast.admin.get(`${COMPANY}/${pk}/retrieve/`)).statusCode).toBe(200);
    for (const spelling of [`0x${pk.toString(16)}`, `0${pk}`, `+${pk}`, `%20${pk}`, `${pk}%20`, `${pk / 10}e1`, `${pk}.0`, `0b${pk.toString(2)}`]) {
      const res = await cast.admin.get(`${COMPANY}/${spelling}/retrieve/`);
      expect([spelling, res.statusCode, res.json()]).toEqual([spelling, 404, { detail: details.notFound }]);
    }
    // The largest id is an id: it simply names nothing.
    expect((await cast.admin.get(`${COMPANY}/${ID_MAX}/retrieve/`)).json()).toEqual({ detail: details.notFound });
    expect((await cast.admin.request('POST', `accounting/client/transaction-line/${ID_MAX + 1}/delete/`)).statusCode).toBe(404);
  });

  it('refuses one in a query or a body with a field error in Herd’s words', async () => {
    expect((await cast.admin.get(`accounting/accountant-client-user/?client_company=${ID_MAX + 1}`)).json()).toEqual({
      client_company: ['Client company is not valid.'],
    });
    expect((await cast.admin.get(`${COMPANY}/${pk}/transactions/list/?payment_account=99999999999`)).json()).toEqual({
      payment_account: ['Payment account is not valid.'],
    });
    expect((await cast.admin.post(`${COMPANY}/send-notification/`, { client_company: ID_MAX + 1 })).json()).toEqual({ client_company: ['Client company is not valid.'] });
    expect((await cast.admin.post(`${COMPANY}/${pk}/transactions/hide/`, { pks: [1, 2 ** 40] })).json()).toEqual({ 'pks.1': ['Transactions is not valid.'] });
    expect((await cast.admin.get(`${COMPANY}/${pk}/transactions/attachments/zip/?pks=1,99999999999`)).json()).toEqual({ pks: ['Transactions is not valid.'] });
    const form = multipart({ client_company: String(ID_MAX + 1) }, { name: 'r.pdf', bytes: PDF_BYTES });
    expect((await cast.admin.request('POST', 'storage/file/create/', { body: form.body, headers: form.headers })).json()).toEqual({
      client_company: ['Client company is not valid.'],
    });
  });

  it('words what a schema left unworded in Herd’s form, never zod’s', async () => {
    const res = await cast.admin.get(`${COMPANY}/${pk}/transactions/list/?page=0&page_size=abc&ordering=up`);
    expect(res.json()).toEqual({ page: ['Page must be at least 1.'], page_size: ['Page size must be a number.'], ordering: ['Ordering is not valid.'] });
    expect((await cast.admin.get(`accounting/selects/${pk}/vendors/list/?limit=1.5`)).json()).toEqual({ limit: ['Limit must be a whole number.'] });
  });
});

describe('text a database cannot hold', () => {
  const NUL = 'Acme\u0000Corp';
  const LONE = 'Acme \ud800';

  it('is refused with a field error wherever it is: a value, a nested value, a key or the query', async () => {
    expect((await cast.admin.patch(`${COMPANY}/${pk}/update/`, { name: NUL })).json()).toEqual({ name: ['Name contains characters that are not allowed.'] });
    expect((await cast.admin.patch(`${COMPANY}/${pk}/update/`, { pinned_note: LONE })).json()).toEqual({
      pinned_note: ['Pinned note contains characters that are not allowed.'],
    });
    const nested = await cast.admin.post(`${COMPANY}/${pk}/transactions/split/`, { pk: 1, lines: [{ amount: '1.00', description: NUL }] });
    expect(nested.json()).toEqual({ 'lines.0.description': ['Description contains characters that are not allowed.'] });
    expect((await cast.admin.post('users/login/', { email: 'a@b.co', password: 'x', ['k\u0000']: 1 })).statusCode).toBe(400);
    expect((await cast.admin.get(`${COMPANY}/${pk}/transactions/list/?search=a%00b`)).json()).toEqual({ search: ['Search contains characters that are not allowed.'] });
    expect((await cast.admin.post('users/login/', '"\\ud800"', { headers: { 'content-type': 'application/json' } })).json()).toEqual({
      detail: 'The request contains characters that are not allowed.',
    });
    // Characters a person does type pass: a whole surrogate pair (an emoji), accents, right-to-left text.
    const fine = await cast.admin.patch(`${COMPANY}/${pk}/update/`, { name: 'Café 🐄 שלום' });
    expect([fine.statusCode, fine.json().name]).toEqual([200, 'Café 🐄 שלום']);
  });

  it('in a path names nothing, and in an uploaded file’s name or fields is refused', async () => {
    expect((await cast.admin.get(`accounting/notes/transaction/%00/note/list/`)).statusCode).toBe(404);
    const form = multipart({ client_company: String(pk) }, { name: 'bad\u0000name.pdf', bytes: PDF_BYTES });
    expect((await cast.admin.request('POST', 'storage/file/create/', { body: form.body, headers: form.headers })).json()).toEqual({
      file: ['File name contains characters that are not allowed.'],
    });
  });
});

describe('empty bodies and uploads', () => {
  it('an empty PATCH changes nothing and answers the object as it is', async () => {
    const settings = await cast.admin.patch('accounting/accountant/firm-settings/update/', {});
    expect(settings.statusCode).toBe(200);
    expect(settings.json()).toEqual((await cast.admin.get('accounting/accountant/firm-settings/')).json());
    expect((await cast.admin.patch(`${COMPANY}/${pk}/update/`, {})).statusCode).toBe(200);
    expect((await cast.admin.patch('users/profile/update/', {})).statusCode).toBe(200);
    const account = await createLedgerAccount(t.db, pk, { name: 'Checking', isPaymentAccount: true });
    const restrictions = 'accounting/accountant/user-account-restrictions/';
    const created = (await cast.admin.post(restrictions, { client_company: pk, user: cast.clientUser.userId, account: account.pk, kind: 'PAYMENT_ACCOUNT' })).json();
    const same = await cast.admin.patch(`${restrictions}${created.pk}/`, {});
    expect([same.statusCode, same.json()]).toEqual([200, created]);
  });

  it('a PATCH with no body at all is a 400 that says so', async () => {
    const res = await cast.admin.request('PATCH', 'accounting/accountant/firm-settings/update/');
    expect([res.statusCode, res.json()]).toEqual([400, { detail: 'The request body must be a JSON object.' }]);
  });

  it('an upload whose file has no name is refused, not stored', async () => {
    const form = multipart({ client_company: String(pk) }, { name: '', bytes: PDF_BYTES });
    const res = await cast.admin.request('POST', 'storage/file/create/', { body: form.body, headers: form.headers });
    expect([res.statusCode, res.json()]).toEqual([400, { file: ['File name is required.'] }]);
  });

  it('a malformed multipart body is a 400 that says so on every upload, never a 500', async () => {
    const good = multipart({ client_company: String(pk), list: 'VENDOR' }, { name: 'r.pdf', bytes: PDF_BYTES });
    const boundary = good.headers['content-type'].split('boundary=')[1]!;
    const malformed: [string, { body: Buffer; headers: Record<string, string> }][] = [
      ['no boundary', { body: good.body, headers: { 'content-type': 'multipart/form-data' } }],
      ['an empty boundary', { body: good.body, headers: { 'content-type': 'multipart/form-data; boundary=' } }],
      ['another boundary', { body: good.body, headers: { 'content-type': 'multipart/form-data; boundary=nothere' } }],
      ['a truncated body', { body: good.body.subarray(0, good.body.length - 30), headers: good.headers }],
      ['a body cut inside the headers', { body: good.body.subarray(0, boundary.length + 20), headers: good.headers }],
      ['an empty body', { body: Buffer.alloc(0), headers: good.headers }],
    ];
    const uploads: [Awaited<ReturnType<typeof signedInCast>>['admin'], string][] = [
      [cast.admin, 'storage/file/create/'],
      [cast.client, 'accounting/receipt/create/'],
      [cast.admin, `${COMPANY}/${pk}/transactions/import-csv/`],
      [cast.admin, `${COMPANY}/${pk}/reference-lists/import-csv/`],
    ];
    for (const [who, path] of uploads) {
      for (const [what, form] of malformed) {
        const res = await who.request('POST', path, { body: form.body, headers: form.headers });
        expect([path, what, res.statusCode]).toEqual([path, what, 400]);
        expect(
          Object.values(res.json() as Record<string, unknown>)
            .flat()
            .join(' '),
        ).toMatch(/upload|File is required/);
      }
    }
  });

  it('a bank CSV amount too large for a transaction is a bad row, the others are imported', async () => {
    const form = multipart({}, { name: 'bank.csv', bytes: Buffer.from(bankCsv(2, ['2026-01-09,Huge,99999999999999.00,Bank'])), type: 'text/csv' });
    const res = await cast.admin.request('POST', `${COMPANY}/${pk}/transactions/import-csv/`, { body: form.body, headers: form.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ imported: 2, errors: [{ row: 4, message: 'Amount is too large: "99999999999999.00".' }] });
  });

  it('a CSV holding a NUL is not a text file: refused before a row is read', async () => {
    const form = multipart({}, { name: 'bank.csv', bytes: Buffer.from(bankCsv(2, ['2026-01-09,Nul\u0000here,-5.00,Bank'])), type: 'text/csv' });
    const res = await cast.admin.request('POST', `${COMPANY}/${pk}/transactions/import-csv/`, { body: form.body, headers: form.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().file[0]).toMatch(/NUL character/);
  });
});
