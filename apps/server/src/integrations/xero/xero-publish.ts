import { randomUUID } from 'node:crypto';
import type { AttachRefusal, LedgerFile, LedgerReferences, PublishItem, SettledItem } from '../../modules/ledger/ledger-records.js';
import { XeroValidationError, type XeroApi } from './xero-api.js';
import { xeroLookups, type XeroLookups } from './xero-lookups.js';
import { buildXeroUpdate, collectionOf, XeroUnpublishableError } from './xero-publish-map.js';
import { xeroIdOf } from './xero-records.js';
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
      return { code: 'XERO', message: `The categorization was published, but Xero refused the file ${file.name}: ${err.message}` };
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

/**
 * Writes answers back: the items of each kind, many to a request (`summarizeErrors=false`, so
 * each object is answered on its own), each request with its Idempotency-Key so a request sent
 * again writes nothing twice. Xero has no version to refuse a stale write (QuickBooks' SyncToken),
 * and an update sends an object's lines whole, so each batch's objects are read again first and
 * the answer is built on Xero's copy as it is now: a line someone changed in Xero since the pull
 * is kept as changed, not put back. Each object Xero accepted is published, then its files
 * uploaded; one it refused is the row's error in Xero's words; one Herd cannot express in Xero (or
 * gone from it) is refused before anything is sent. What each request settled is handed back
 * before the next is sent.
 */
export async function* publishToXero(api: XeroApi, items: PublishItem[], references: LedgerReferences): AsyncGenerator<SettledItem[]> {
  const lookups = xeroLookups(references);
  const byEntity = new Map<XeroEntity, PublishItem[]>();
  for (const item of items) byEntity.set(item.entityType as XeroEntity, [...(byEntity.get(item.entityType as XeroEntity) ?? []), item]);
  for (const [entity, pending] of byEntity) {
    for (let i = 0; i < pending.length; i += PER_REQUEST) {
      const chunk = pending.slice(i, i + PER_REQUEST);
      const copies = await currentCopies(
        api,
        entity,
        chunk.map((item) => xeroIdOf(entity, item.externalId)),
      );
      const settled: SettledItem[] = [];
      const sendable: { item: PublishItem; update: XeroObject }[] = [];
      for (const item of chunk) {
        const built = updateOf(entity, item, copies.get(xeroIdOf(entity, item.externalId).toLowerCase()), lookups);
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
      for (const [n, { item }] of sendable.entries()) {
        const answer = answers[n];
        const messages = answer ? messagesOf(answer) : ['Xero did not answer for this transaction.'];
        if (!answer || answer.HasErrors === true || messages.length > 0) {
          settled.push({ item, outcome: { kind: 'rejected', code: 'XERO', message: messages.join(' ') } });
          continue;
        }
        const refusal = await attachToXero(api, entity, xeroIdOf(entity, item.externalId), item.files);
        const version = xeroVersion(answer);
        settled.push({
          item,
          outcome: refusal ? { kind: 'rejected', ...refusal, raw: answer, ledgerVersion: version } : { kind: 'published', ledgerVersion: version, raw: answer },
        });
      }
      yield settled;
    }
  }
}
