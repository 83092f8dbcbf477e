import type { TestClient } from './client.js';
import { multipartFiles } from './multipart.js';

/** A company's documents routes from one side, as the web app calls them. */
export const documentsOf = (client: TestClient, companyPk: number, side: 'accountant' | 'client') => {
  const base = side === 'accountant' ? `accounting/accountant/client-company/${companyPk}/documents` : `accounting/client/company/${companyPk}/documents`;
  return {
    base,
    list: (query = '') => client.get(`${base}/list/${query}`),
    folders: () => client.get(`${base}/folders/`),
    createFolder: (body: Record<string, unknown>) => client.post(`${base}/folders/create/`, body),
    /** `more` adds headers: an Idempotency-Key, say. */
    upload: (files: { name: string; bytes: Buffer }[], folder?: number, more: Record<string, string> = {}) => {
      const { body, headers } = multipartFiles(folder ? { folder: String(folder) } : {}, files);
      return client.request('POST', `${base}/upload/`, { body, headers: { ...headers, ...more } });
    },
    update: (pk: number, body: Record<string, unknown>) => client.patch(`${base}/${pk}/update/`, body),
    move: (pks: number[], parent: number | null) => client.post(`${base}/move/`, { pks, parent }),
    remove: (pks: number[]) => client.post(`${base}/delete/`, { pks }),
    restore: (deletion: string) => client.post(`${base}/restore/`, { deletion }),
    download: (pk: number) => client.get(`${base}/${pk}/download/`),
    zip: (pks: number[]) => client.get(`${base}/zip/?pks=${pks.join(',')}`),
  };
};

/** The names of a listing's items, in order. */
export const namesOf = (res: { json: () => { results: { name: string }[] } }) => res.json().results.map((item) => item.name);
