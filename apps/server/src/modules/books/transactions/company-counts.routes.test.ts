import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMaker } from '../../../../test/client.js';
import { bankCsv, signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { postBankCsv } from '../../../../test/multipart.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 11);
const COUNTS = 'accounting/accountant/client-companies/transactions/count/';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** A firm with two CSV companies, one and two transactions waiting for the client. */
const setup = async () => {
  const cast = await signedInCast(t.db, newClient);
  const first = cast.clientUser.companyId;
  const second = (await cast.admin.post('accounting/accountant/client-companies/create/', { name: 'Second Co', connection_kind: 'CSV' })).json().pk as number;
  await postBankCsv(cast.admin, first, bankCsv(1));
  await postBankCsv(cast.admin, second, bankCsv(2));
  return { cast, first, second };
};

const work = (pk: number, waiting: number) => ({ client_company: pk, waiting_for_client: waiting, to_review: 0, sync_errors: 0, open_receipts: 0, open_requests: 0 });
const byCompany = (rows: { client_company: number }[]) => [...rows].sort((a, b) => a.client_company - b.client_company);

describe('open work of some companies (the clients list asks for its page)', () => {
  it('answers only the companies named in client_companies, and every company without it', async () => {
    const { cast, first, second } = await setup();
    expect((await cast.admin.get(`${COUNTS}?client_companies=${second}`)).json()).toEqual([work(second, 2)]);
    expect(byCompany((await cast.admin.get(`${COUNTS}?client_companies=${first},${second}`)).json())).toEqual(byCompany([work(first, 1), work(second, 2)]));
    expect(byCompany((await cast.admin.get(COUNTS)).json())).toEqual(byCompany([work(first, 1), work(second, 2)]));
  });

  it('names of companies the person may not see answer nothing: another firm’s, or not assigned to a team member', async () => {
    const { cast, first, second } = await setup();
    expect((await cast.otherFirmAdmin.get(`${COUNTS}?client_companies=${first},${second}`)).json()).toEqual([]);
    expect((await cast.teamMember.get(`${COUNTS}?client_companies=${first}`)).json()).toEqual([]);
    expect((await cast.client.get(`${COUNTS}?client_companies=${first}`)).statusCode).toBe(403);
  });

  it('refuses a list that is not one of ids, or longer than a page (100)', async () => {
    const { cast } = await setup();
    const tooMany = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    for (const bad of ['abc', '1,,2', '0', '-1', '2147483648', tooMany, '']) {
      const res = await cast.admin.get(`${COUNTS}?client_companies=${bad}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ client_companies: ['Client companies is not valid.'] });
    }
  });
});
