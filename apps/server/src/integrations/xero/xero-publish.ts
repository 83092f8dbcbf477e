import { randomUUID } from 'node:crypto';
import type { AttachRefusal, LedgerFile, LedgerReferences, PublishItem, SettledItem } from '../../modules/books/ledger/ledger-records.port.js';
import { XeroValidationError, type XeroApi } from './xero-api.js';
import { xeroLookups, type XeroLookups } from './xero-lookups.js';
import { buildXeroUpdate, collectionOf, XeroUnpublishableError } from './xero-publish-map.js';
import { xeroIdOf } from './xero-records.js';
import { movedTotal } from './xero-total-check.js';
import { XERO_TRANSACTION_ENTITIES, type XeroEntity } from './xero-transaction-map.js';
import { text, xeroVersion, type XeroObject } from './xero-values.js';

/** Objects written in one request: many fewer requests than transactions, well within what Xero takes in one body. */
const PER_REQUEST = 50;

/** Uploads a written object's files one by one, each recorded at once; the first Xero refuses is the row's error. */
export const attachToXero = async (api: XeroApi, entity: XeroEntity, id: string, files: LedgerFile[]): Promise<AttachRefusal | null> => {
  for (const file of files) {
    try {
      const attachment = await api.attach(collectionOf(entity), id, { name: file.name, contentType: file.contentType, bytes: await file.read() });
      await file.uploaded(text(attachment.AttachmentID));
    } catch (err) {
      if (!(err instanceof XeroValidationError)) throw err;
      return { code: 'XERO', message: `The categorization was written to Xero, but Xero refused the file ${file.name}: ${err.message}` };
    }
  }
  return null;
};

const messagesOf = (row: XeroObject) => ((row.ValidationErrors as XeroObject[] | undefined) ?? []).map((v) => text(v.Message)).filter((m) => m !== '');

/** Xero's copies of these objects as they are now, by id (one request where the list takes a filter by id, else one each). */
const currentCopies = async (api: XeroApi, entity: XeroEntity, ids: string[]): Promise<Map<string, XeroObject>> => {
  const spec = XERO_TRANSACTION_ENTITIES[entity];
  const copies = new Map<string, XeroObject>();
  for (const row of await api.byIds(spec.collection, spec.id, ids)) copies.set(text(row[spec.id]).toLowerCase(), row);
  return copies;
};

const GONE = new Set(['DELETED', 'VOIDED']);

/** The update of one answer, built on Xero's copy as it is now; or why it cannot be sent. */
const updateOf = (entity: XeroEntity, item: PublishItem, current: XeroObject | undefined, lookups: XeroLookups): { update: XeroObject } | { refusal: string } => {
  if (!current || GONE.has(text(current.Status))) return { refusal: 'This transaction was deleted or voided in Xero since Herd last read it.' };
  try {
    return { update: buildXeroUpdate(entity, current, item.lines, lookups) };
  } catch (err) {
    if (!(err instanceof XeroUnpublishableError)) throw err;
    return { refusal: err.message };
  }
};

/** What Xero answered for each object of the POST: accepted (its answer), or refused in Xero's words. */
export const acceptedOf = (answer: XeroObject | undefined): { answer: XeroObject } | { refusal: string } => {
  const messages = answer ? messagesOf(answer) : ['Xero did not answer for this transaction.'];
  if (!answer || answer.HasErrors === true || messages.length > 0) return { refusal: messages.join(' ') };
  return { answer };
};

/**
 * Writes answers back: the items of each kind, many to a request (`summarizeErrors=false`, so
 * each object is answered on its own), each request with its Idempotency-Key so a request sent
 * again writes nothing twice. Xero has no version to refuse a stale write (QuickBooks' SyncToken),
 * and an update sends an object's lines whole, so each batch's objects are read again first and
 * the answer is built on Xero's copy as it is now: a line someone changed in Xero since the pull
 * is kept as changed, not put back. The objects Xero accepted are read back once more (one
 * request a batch), since Xero works out tax and totals itself, and each gets its files: one whose
 * total is no longer what it was before the write is the row's sync error, saying what moved, never
 * published; the others are published (or the row's error is the file Xero refused). One Xero
 * refused is the row's error in Xero's words; one Herd cannot express in Xero (or gone from it) is refused before anything is sent.
 * What each request settled is handed back before the next is sent.
 */
export async function* publishToXero(api: XeroApi, items: PublishItem[], references: LedgerReferences): AsyncGenerator<SettledItem[]> {
  const lookups = xeroLookups(references);
  const byEntity = new Map<XeroEntity, PublishItem[]>();
  for (const item of items) byEntity.set(item.entityType as XeroEntity, [...(byEntity.get(item.entityType as XeroEntity) ?? []), item]);
  const idOf = (entity: XeroEntity, item: PublishItem) => xeroIdOf(entity, item.externalId);
  for (const [entity, pending] of byEntity) {
    for (let i = 0; i < pending.length; i += PER_REQUEST) {
      const chunk = pending.slice(i, i + PER_REQUEST);
      const copies = await currentCopies(
        api,
        entity,
        chunk.map((item) => idOf(entity, item)),
      );
      const copyOf = (item: PublishItem, from: Map<string, XeroObject>) => from.get(idOf(entity, item).toLowerCase());
      const settled: SettledItem[] = [];
      const sendable: { item: PublishItem; update: XeroObject }[] = [];
      for (const item of chunk) {
        const built = updateOf(entity, item, copyOf(item, copies), lookups);
        if ('refusal' in built) settled.push({ item, outcome: { kind: 'rejected', code: 'HERD', message: built.refusal } });
        else sendable.push({ item, update: built.update });
      }
      const answers =
        sendable.length > 0
          ? await api.post(
              collectionOf(entity),
              sendable.map((p) => p.update),
              randomUUID(),
            )
          : [];
      const written = sendable.map(({ item }, n) => ({ item, ...acceptedOf(answers[n]) }));
      for (const entry of written) if ('refusal' in entry) settled.push({ item: entry.item, outcome: { kind: 'rejected', code: 'XERO', message: entry.refusal } });
      const accepted = written.flatMap((entry) => ('answer' in entry ? [entry] : []));
      const after =
        accepted.length > 0
          ? await currentCopies(
              api,
              entity,
              accepted.map(({ item }) => idOf(entity, item)),
            )
          : new Map<string, XeroObject>();
      for (const { item, answer } of accepted) {
        const readBack = copyOf(item, after);
        const raw = readBack ?? answer;
        // The files go either way: the categorization they explain is in Xero now.
        const refusal = await attachToXero(api, entity, idOf(entity, item), item.files);
        const moved = movedTotal(entity, copyOf(item, copies)!, readBack);
        const version = xeroVersion(raw);
        if (moved)
          settled.push({
            item,
            outcome: { kind: 'rejected', code: 'XERO_TOTAL', message: [moved, refusal?.message].filter(Boolean).join(' '), raw, ledgerVersion: version },
          });
        else if (refusal) settled.push({ item, outcome: { kind: 'rejected', ...refusal, raw, ledgerVersion: version } });
        else settled.push({ item, outcome: { kind: 'published', ledgerVersion: version, raw } });
      }
      yield settled;
    }
  }
}
