import type { TestClient } from './client.js';
import { multipart, PDF_BYTES } from './multipart.js';

/** Paths of the communications API, for one company. */
export const accPath = (pk: number, rest: string) => `accounting/accountant/client-company/${pk}/communications/${rest}`;
export const cliPath = (pk: number, rest: string) => `accounting/client/company/${pk}/communications/${rest}`;
export const pksOf = (res: { json(): { results: { pk: number }[] } }) => res.json().results.map((r) => r.pk);

/** A day from today, as an ISO date (negative: in the past). */
export const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Uploads a file through `storage/file/create/` to the company, as the person signed in on `client`; answers its pk. */
export const uploadFile = async (client: TestClient, companyPk: number, name = 'statement.pdf', bytes = PDF_BYTES) => {
  const { body, headers } = multipart({ client_company: String(companyPk) }, { name, bytes });
  const res = await client.request('POST', 'storage/file/create/', { body, headers });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json().pk as number;
};

export interface CreatedCommunication {
  pk: number;
  status: string;
  items: { pk: number; label: string }[];
}

/** Creates a communication and fails the test unless it was created. */
export const createCommunication = async (client: TestClient, companyPk: number, body: Record<string, unknown>): Promise<CreatedCommunication> => {
  const res = await client.post('accounting/communication/create/', { client_company: companyPk, ...body });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json();
};

export const checklist = {
  kind: 'REQUEST',
  subject: 'November close',
  items: [
    { label: 'Bank statement', answer_kind: 'FILES' },
    { label: 'Anything unusual?', answer_kind: 'TEXT' },
    { label: 'Notes for us', answer_kind: 'TEXT', required: false },
  ],
};
