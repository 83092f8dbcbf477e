import type { Db } from '../src/db/client.js';
import type { TestClient } from './client.js';
import { codeFromEmail, signedInCast } from './factories.js';
import type { TestApp } from './harness.js';
import { multipart } from './multipart.js';

/**
 * A CSV client company with one transaction on each of two payment accounts
 * (Fuel on Visa, Rent on Checking), whose CLIENT is restricted to Visa.
 */
export const restrictedCast = async (db: Db, newClient: () => TestClient) => {
  const cast = await signedInCast(db, newClient);
  const pk = cast.clientUser.companyId;
  const csv = 'date,description,amount,account\n2026-01-01,Fuel,-40,Visa\n2026-01-02,Rent,-900,Checking\n';
  const { body, headers } = multipart({}, { name: 'bank.csv', bytes: Buffer.from(csv), type: 'text/csv' });
  await cast.admin.request('POST', `accounting/accountant/client-company/${pk}/transactions/import-csv/`, { body, headers });
  const all = (await cast.admin.get(`accounting/accountant/client-company/${pk}/transactions/list/`)).json().results as {
    pk: number;
    description: string;
    payment_account: { pk: number };
  }[];
  const fuel = all.find((r) => r.description === 'Fuel')!;
  const rent = all.find((r) => r.description === 'Rent')!;
  const restriction = { client_company: pk, user: cast.clientUser.userId, account: fuel.payment_account.pk, kind: 'PAYMENT_ACCOUNT' };
  const res = await cast.admin.post('accounting/accountant/user-account-restrictions/', restriction);
  if (res.statusCode !== 201) throw new Error(`restricting failed: ${res.statusCode} ${res.body}`);
  return { cast, pk, fuel: fuel.pk, rent: rent.pk, visa: fuel.payment_account.pk, checking: rent.payment_account.pk };
};

/** Signs in the person an invitation was emailed to, through the link delivered to them (the outbox keeps no usable link). */
export const signInInvited = async (t: TestApp, newClient: () => TestClient, email: string) => {
  const client = newClient();
  const res = await client.post('login/with-magic-link/', { code: codeFromEmail(await t.lastMailTo(email), 'magic') });
  if (res.statusCode !== 200) throw new Error(`magic link sign-in failed: ${res.statusCode} ${res.body}`);
  return client;
};
