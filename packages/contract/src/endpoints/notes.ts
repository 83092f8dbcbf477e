import { z } from 'zod';
import { idParam, idQuery } from '../ids.js';
import { endpoint, pkParams } from '../endpoint.js';
import { communicationsNoteBody } from '../communications.js';
import { bulkNoteBody, mentionedPerson, note, receiptsNoteBody, threadNoteBody } from '../refs.js';

const tags = ['notes'];
const notePkParams = z.object({ messagePk: idParam });

/** The three routes of one kind of thread: read it, write in it, edit your own note. */
const thread = <K extends string>(kind: K) => {
  const name = kind.replace('-', ' ');
  return {
    list: endpoint({
      method: 'GET',
      path: `accounting/notes/${kind}/{pk}/note/list/`,
      tags,
      summary: `The ${name}’s note thread`,
      params: pkParams,
      responses: { 200: z.array(note) },
    }),
    create: endpoint({
      method: 'POST',
      path: `accounting/notes/${kind}/{pk}/note/create/`,
      tags,
      summary: `Write in the ${name}’s thread`,
      params: pkParams,
      body: threadNoteBody,
      responses: { 201: note },
      idempotent: true,
    }),
    update: endpoint({
      method: 'PATCH',
      path: `accounting/notes/${kind}/note/update/{messagePk}/`,
      tags,
      summary: 'Edit your own note',
      params: notePkParams,
      body: threadNoteBody,
      responses: { 200: note },
    }),
  };
};

const transaction = thread('transaction');
const clientCompany = thread('client-company');
const accountantCompany = thread('accountant-company');
const receipt = thread('receipt');
const communication = thread('communication');

/** Note threads: of a transaction, of a receipt, of a communication, of a client company (shared with the client), and the firm's own internal one. */
export const noteEndpoints = {
  transactionList: transaction.list,
  transactionCreate: transaction.create,
  transactionUpdate: transaction.update,
  clientCompanyList: clientCompany.list,
  clientCompanyCreate: clientCompany.create,
  clientCompanyUpdate: clientCompany.update,
  accountantCompanyList: accountantCompany.list,
  accountantCompanyCreate: accountantCompany.create,
  accountantCompanyUpdate: accountantCompany.update,
  receiptList: receipt.list,
  receiptCreate: receipt.create,
  receiptUpdate: receipt.update,
  communicationList: communication.list,
  communicationCreate: communication.create,
  communicationUpdate: communication.update,
  communicationsCreate: endpoint({
    method: 'POST',
    path: 'accounting/notes/communications/note/create/',
    tags,
    summary: 'One note to many communications of a company',
    body: communicationsNoteBody,
    responses: { 201: z.object({ created: z.number() }) },
    idempotent: true,
  }),
  mentionable: endpoint({
    method: 'GET',
    path: 'accounting/notes/mentionable/',
    tags,
    summary: 'The firm’s people a note about this client company (or, without one, the firm’s internal thread) may mention',
    query: z.object({ client_company: idQuery('Client company').optional() }),
    responses: { 200: z.array(mentionedPerson) },
  }),
  clientCompanyPin: endpoint({
    method: 'POST',
    path: 'accounting/notes/client-company/note/pin/{messagePk}/',
    tags,
    summary: 'Pin a note of a client company’s thread to the top of the client’s page (unpinning the one pinned before)',
    params: notePkParams,
    responses: { 200: note },
  }),
  clientCompanyUnpin: endpoint({
    method: 'POST',
    path: 'accounting/notes/client-company/note/unpin/{messagePk}/',
    tags,
    summary: 'Take a pinned note off the client’s page',
    params: notePkParams,
    responses: { 200: note },
  }),
  receiptsCreate: endpoint({
    method: 'POST',
    path: 'accounting/notes/receipts/note/create/',
    tags,
    summary: 'One note to many receipts of a company',
    body: receiptsNoteBody,
    responses: { 201: z.object({ created: z.number() }) },
    idempotent: true,
  }),
  transactionsCreate: endpoint({
    method: 'POST',
    path: 'accounting/notes/transactions/note/create/',
    tags,
    summary: 'One note to many transactions',
    body: bulkNoteBody,
    responses: { 201: z.object({ created: z.number() }) },
    idempotent: true,
  }),
};
