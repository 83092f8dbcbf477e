import type { CommunicationKind } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { oweKarbon } from '../../firm/practice-management/practice-management.face.js';
import { notify, notifyBatch, notifyEach } from './notify.service.js';
import { companyNameOf, companyNamesOf, isFirmStaff, personNameOf } from './notifications.queries.js';

/**
 * What the bell tells of, one function per event, each called inside the
 * database transaction that saved what it tells of (docs/notifications.md).
 * A batch (many transactions answered, many receipts handed over) is one
 * notification, not one per object. The same events are owed to the firm's
 * Karbon, when it has one (practice-management/karbon-events.service.ts), in the same transaction.
 */

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Files added to one folder of a company within this long of each other, while unread, are one line in the bell. */
export const DOCUMENTS_BATCH_WINDOW_MS = 15 * 60 * 1000;

/** Answers of one client company within this long of each other, while unread, are one line in the bell. */
export const ANSWERS_BATCH_WINDOW_MS = 60 * 60 * 1000;

/**
 * A client finished answering transactions: the firm's people who see the company. One request's answers are
 * one notification, and later answers are added to it while it is unread and under an hour old (notifyBatch).
 */
export const notifyTransactionsAnswered = async (tx: Db, e: { firmId: number; companyPk: number; count: number }) => {
  if (e.count === 0) return 0;
  await oweKarbon(tx, { firmId: e.firmId, companyPk: e.companyPk, kind: 'TRANSACTIONS_ANSWERED', count: e.count });
  const name = await companyNameOf(tx, e.firmId, e.companyPk);
  return notifyBatch(tx, {
    firmId: e.firmId,
    clientCompanyId: e.companyPk,
    kind: 'TRANSACTIONS_ANSWERED',
    target: { type: 'CLIENT_COMPANY', pk: e.companyPk },
    count: e.count,
    titleFor: (count) => `${name} answered ${plural(count, 'transaction')}`,
    windowMs: ANSWERS_BATCH_WINDOW_MS,
    to: { firm: true },
  });
};

const KIND_WORDS: Record<CommunicationKind, string> = { REQUEST: 'request', REPORT: 'report', NOTICE: 'notice', W9: 'W-9 request' };

/**
 * A new communication: from the firm (a person or a schedule), its client's
 * people hear; from a client, the firm's people who see the company.
 */
export const notifyCommunicationCreated = async (
  tx: Db,
  e: { firmId: number; companyPk: number; pk: number; kind: CommunicationKind; subject: string; fromFirm: boolean; by: number | null },
) => {
  if (e.fromFirm && e.kind === 'REQUEST')
    await oweKarbon(tx, { firmId: e.firmId, companyPk: e.companyPk, kind: 'REQUEST_SENT', about: String(e.pk), payload: { subject: e.subject } });
  const name = await companyNameOf(tx, e.firmId, e.companyPk);
  return notify(tx, {
    firmId: e.firmId,
    clientCompanyId: e.companyPk,
    kind: 'REQUEST_CREATED',
    target: { type: 'COMMUNICATION', pk: e.pk },
    title: e.fromFirm ? `New ${KIND_WORDS[e.kind]}: ${e.subject}` : `${name} sent a ${KIND_WORDS[e.kind]}: ${e.subject}`,
    text: e.fromFirm ? `For ${name}` : '',
    to: e.fromFirm ? { client: { type: 'company' } } : { firm: true },
    except: e.by,
  });
};

/**
 * Communications a schedule wrote (a batch may hold many, of many companies): each company's people hear of
 * each, as of one an accountant sends; the names are read at once, each company's audience once.
 */
export const notifyScheduledCommunications = async (tx: Db, firmId: number, created: { pk: number; companyPk: number; kind: CommunicationKind; subject: string }[]) => {
  const byCompany = new Map<number, typeof created>();
  for (const c of created) byCompany.set(c.companyPk, [...(byCompany.get(c.companyPk) ?? []), c]);
  const names = byCompany.size === 0 ? new Map<number, string>() : await companyNamesOf(tx, firmId, [...byCompany.keys()]);
  let written = 0;
  for (const [companyPk, communications] of byCompany) {
    const name = names.get(companyPk) ?? 'A client';
    for (const c of communications)
      if (c.kind === 'REQUEST') await oweKarbon(tx, { firmId, companyPk, kind: 'REQUEST_SENT', about: String(c.pk), payload: { subject: c.subject } });
    written += await notifyEach(
      tx,
      { firmId, clientCompanyId: companyPk, kind: 'REQUEST_CREATED', to: { client: { type: 'company' } } },
      communications.map((c) => ({ target: { type: 'COMMUNICATION', pk: c.pk }, title: `New ${KIND_WORDS[c.kind]}: ${c.subject}`, text: `For ${name}` })),
    );
  }
  return written;
};

/** A client answered requests (one notification each: each opens its own request). */
export const notifyCommunicationsAnswered = async (
  tx: Db,
  e: { firmId: number; companyPk: number; by: number; answered: { pk: number; subject: string; complete: boolean }[] },
) => {
  if (e.answered.length === 0) return;
  const name = await companyNameOf(tx, e.firmId, e.companyPk);
  for (const c of e.answered) {
    await oweKarbon(tx, { firmId: e.firmId, companyPk: e.companyPk, kind: 'REQUEST_ANSWERED', about: String(c.pk), payload: { subject: c.subject } });
    await notify(tx, {
      firmId: e.firmId,
      clientCompanyId: e.companyPk,
      kind: 'REQUEST_ANSWERED',
      target: { type: 'COMMUNICATION', pk: c.pk },
      title: c.complete ? `${name} answered “${c.subject}”` : `${name} answered part of “${c.subject}”`,
      to: { firm: true },
      except: e.by,
    });
  }
};

/** Receipts handed over (web, email, text message): the firm's people who see the company, or every staff member for the firm's inbox. */
export const notifyReceiptsArrived = async (tx: Db, e: { firmId: number; companyPk: number | null; pks: number[]; by: number }) => {
  if (e.pks.length === 0 || (await isFirmStaff(tx, e.firmId, e.by))) return 0;
  if (e.companyPk !== null) await oweKarbon(tx, { firmId: e.firmId, companyPk: e.companyPk, kind: 'RECEIPTS_ARRIVED', count: e.pks.length });
  const where = e.companyPk === null ? 'the firm’s inbox' : await companyNameOf(tx, e.firmId, e.companyPk);
  return notify(tx, {
    firmId: e.firmId,
    clientCompanyId: e.companyPk,
    kind: 'RECEIPT_ARRIVED',
    target: { type: 'RECEIPT', pk: e.pks[0]! },
    title: e.companyPk === null ? `${plural(e.pks.length, 'new receipt')} in the firm’s inbox` : `${where} sent ${plural(e.pks.length, 'receipt')}`,
    to: { firm: true },
    except: e.by,
  });
};

/**
 * Receipts matched to transactions by a client or by Herd's matching: the
 * firm's people who see the company. A staff member's own matching is their
 * colleagues' routine work, not news.
 */
export const notifyReceiptsMatched = async (tx: Db, e: { firmId: number; companyPk: number; receipts: { pk: number; vendor: string | null }[]; by: number | null }) => {
  if (e.receipts.length === 0 || (e.by !== null && (await isFirmStaff(tx, e.firmId, e.by)))) return 0;
  const name = await companyNameOf(tx, e.firmId, e.companyPk);
  const [first] = e.receipts;
  const title =
    e.receipts.length === 1
      ? `${name}: receipt${first!.vendor ? ` from ${first!.vendor}` : ''} matched to a transaction`
      : `${name}: ${e.receipts.length} receipts matched to transactions`;
  return notify(tx, {
    firmId: e.firmId,
    clientCompanyId: e.companyPk,
    kind: 'RECEIPT_MATCHED',
    target: { type: 'RECEIPT', pk: first!.pk },
    title,
    text: e.by === null ? 'Matched automatically' : '',
    to: { firm: true },
    except: e.by,
  });
};

/** The ledger refused transactions: the firm's people who see the company, the publisher included (the answer came later, in a job). */
export const notifySyncErrors = async (tx: Db, e: { firmId: number; companyPk: number; pks: number[]; message: string }) => {
  if (e.pks.length === 0) return 0;
  await oweKarbon(tx, { firmId: e.firmId, companyPk: e.companyPk, kind: 'SYNC_ERROR', count: e.pks.length, payload: { message: e.message } });
  const name = await companyNameOf(tx, e.firmId, e.companyPk);
  return notify(tx, {
    firmId: e.firmId,
    clientCompanyId: e.companyPk,
    kind: 'SYNC_ERROR',
    target: e.pks.length === 1 ? { type: 'TRANSACTION', pk: e.pks[0]! } : { type: 'CLIENT_COMPANY', pk: e.companyPk },
    title: `${name}: ${plural(e.pks.length, 'transaction')} could not be published`,
    text: e.message,
    to: { firm: true },
  });
};

/** The ledger stopped accepting the company's connection: the firm's people who see the company. */
export const notifyLedgerNeedsReauth = async (tx: Db, e: { firmId: number; companyPk: number; ledger: string }) => {
  const name = await companyNameOf(tx, e.firmId, e.companyPk);
  return notify(tx, {
    firmId: e.firmId,
    clientCompanyId: e.companyPk,
    kind: 'LEDGER_REAUTH',
    target: { type: 'CLIENT_COMPANY', pk: e.companyPk },
    title: `${name}: reconnect ${e.ledger}`,
    text: `${e.ledger} no longer accepts Herd’s connection, so nothing is published or pulled until someone reconnects it.`,
    to: { firm: true },
  });
};

/**
 * One accountant's words on many transactions, receipts or requests of a
 * company (a bulk note, or the message that sends transactions back): one
 * notification for the client's people who can see at least one of them.
 */
export const notifyBulkNote = async (
  tx: Db,
  e: { firmId: number; companyPk: number; about: 'transaction' | 'receipt' | 'request'; pks: number[]; by: number; body: string; sentBack?: boolean },
) => {
  if (e.pks.length === 0) return 0;
  const [author, name] = [await personNameOf(tx, e.by), await companyNameOf(tx, e.firmId, e.companyPk)];
  const what = plural(e.pks.length, e.about);
  return notify(tx, {
    firmId: e.firmId,
    clientCompanyId: e.companyPk,
    kind: 'NOTE',
    target: { type: 'CLIENT_COMPANY', pk: e.companyPk },
    title: e.sentBack ? `${author} sent back ${what} of ${name}` : `${author} wrote on ${what} of ${name}`,
    text: e.body,
    to: { client: e.about === 'transaction' ? { type: 'transactions', pks: e.pks } : e.about === 'receipt' ? { type: 'receipts', pks: e.pks } : { type: 'company' } },
    except: e.by,
  });
};

/**
 * Files added to a company's documents: a client's upload tells the firm's people who see the company;
 * the firm's tells the company's people, unless the folder is the firm's only. One upload (any number of
 * files) is one line, opening the folder it went to.
 */
export const notifyDocumentsAdded = async (
  tx: Db,
  e: { firmId: number; companyPk: number; folderPk: number | null; folderName: string | null; count: number; by: number; byClient: boolean; firmOnly: boolean },
) => {
  if (e.count === 0 || (!e.byClient && e.firmOnly)) return 0;
  const name = await companyNameOf(tx, e.firmId, e.companyPk);
  const where = e.folderName ? `“${e.folderName}”` : 'Documents';
  // A choice of many files reaches the server as several uploads (docs/documents.md, "Uploads"): they are one line in the bell.
  return notifyBatch(tx, {
    firmId: e.firmId,
    clientCompanyId: e.companyPk,
    kind: 'DOCUMENTS_ADDED',
    target: { type: 'DOCUMENT_FOLDER', pk: e.folderPk ?? 0 },
    sameTarget: true,
    count: e.count,
    titleFor: (count) => (e.byClient ? `${name} added ${plural(count, 'file')} to ${where}` : `Your accountant added ${plural(count, 'file')} to ${where}`),
    text: e.byClient ? '' : `For ${name}`,
    windowMs: DOCUMENTS_BATCH_WINDOW_MS,
    to: e.byClient ? { firm: true } : { client: { type: 'company' } },
    except: e.by,
  });
};
