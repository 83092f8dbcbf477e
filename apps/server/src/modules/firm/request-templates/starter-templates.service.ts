import type { RequestTemplateCreateBody } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { insertTemplates } from './request-templates.queries.js';

/**
 * The templates every firm starts with, so the first request is a pick rather than a blank page:
 * the monthly statements most firms chase, a year-end checklist, and a W-9 for a new vendor. The
 * firm edits or deletes them like its own.
 */
export const STARTER_TEMPLATES: readonly RequestTemplateCreateBody[] = [
  {
    name: 'Monthly bank statements',
    kind: 'REQUEST',
    subject: 'Bank statements for last month',
    text: 'Please upload last month’s statement for each of your bank and credit card accounts (PDF from your bank’s website is best).',
    items: [{ label: 'Statement for each bank and credit card account', answer_kind: 'FILES', required: true }],
  },
  {
    name: 'Year-end checklist',
    kind: 'REQUEST',
    subject: 'Year-end documents',
    text: 'To close your books for the year and prepare your 1099s, we need the following. Answer what you can now; you can come back for the rest.',
    items: [
      { label: 'Contractors and vendors you paid this year who may need a 1099: names, addresses and totals', answer_kind: 'TEXT', required: true },
      { label: 'Year-end payroll reports (W-2 and W-3 summaries, 941s)', answer_kind: 'FILES', required: true },
      { label: 'December statements for every loan and line of credit', answer_kind: 'FILES', required: true },
      { label: 'Invoices for equipment, vehicles or other assets bought this year', answer_kind: 'FILES', required: false },
      { label: 'Year-end inventory count, if you keep inventory', answer_kind: 'FILES', required: false },
      { label: 'Anything unusual this year we should know about (new accounts, owner contributions, large purchases)', answer_kind: 'TEXT', required: false },
    ],
  },
  {
    name: 'W-9 for new vendor',
    kind: 'W9',
    subject: 'W-9 for a new vendor',
    text: 'You started paying a new vendor. Please give us their W-9 (fill in the form or upload a signed one) so we can prepare their 1099.',
    items: [],
  },
];

/** Gives a new firm its starter templates, inside the transaction that creates the firm. */
export const seedStarterTemplates = async (tx: Db, firmId: number) => {
  await insertTemplates(
    tx,
    STARTER_TEMPLATES.map((t) => ({ firmId, name: t.name, kind: t.kind, subject: t.subject, text: t.text, items: t.items, createdBy: null })),
  );
};
