import { expect } from 'vitest';
import type { Transaction } from '@herd/contract';
import type { TestClient } from './client.js';
import { postBankCsv } from './multipart.js';

/** A card charge as a bank writes it: store number, merchant, phone and state around the name. */
export const ADOBE = 'POS 4411 ADOBE *CREATIVE CLD 408-536-6000 CA';

/** A bank CSV of (date, description) charges of $10, $11, … in that order. */
export const chargesCsv = (rows: [string, string][]) =>
  ['Date,Description,Amount', ...rows.map(([date, description], i) => `${date},${description},-${10 + i}.00`)].join('\n');

/** Imports the charges into a CSV company as the accountant, and answers the company's active list, oldest first. */
export const importBankRows = async (admin: TestClient, companyPk: number, rows: [string, string][]): Promise<Transaction[]> => {
  expect((await postBankCsv(admin, companyPk, chargesCsv(rows))).statusCode).toBe(200);
  const list = (await admin.get(`accounting/accountant/client-company/${companyPk}/transactions/list/?page_size=100`)).json().results as Transaction[];
  return list.sort((a, b) => a.date.localeCompare(b.date));
};

/** Imports bank CSV lines written whole (`date,description,amount,account`) into a CSV company as the accountant. */
export const importCharges = async (admin: TestClient, companyPk: number, rows: string[]) =>
  expect((await postBankCsv(admin, companyPk, ['date,description,amount,account', ...rows].join('\n'))).statusCode).toBe(200);
