import { randomUUID } from 'node:crypto';
import type { AttachRefusal, LedgerFile, LedgerReferences, PublishItem, SettledItem } from '../../modules/ledger/ledger-records.js';
import { XeroValidationError, type XeroApi } from './xero-api.js';
import { xeroLookups } from './xero-lookups.js';
import { buildXeroUpdate, collectionOf, XeroUnpublishableError } from './xero-publish-map.js';
import { xeroIdOf } from './xero-records.js';
import type { XeroEntity } from './xero-transaction-map.js';
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

/**
 * Writes answers back: the items of each kind, many to a request (`summarizeErrors=false`, so
 * each object is answered on its own), each request with its Idempotency-Key so a request sent
 * again writes nothing twice. Each object Xero accepted is published, then its files uploaded;
 * one it refused is the row's error in Xero's words; one Herd cannot express in Xero is refused
 * before anything is sent. What each request settled is handed back before the next is sent.
 */
export async function* publishToXero(api: XeroApi, items: PublishItem[], references: LedgerReferences): AsyncGenerator<SettledItem[]> {
  const lookups = xeroLookups(references);
  const byEntity = new Map<XeroEntity, { item: PublishItem; update: XeroObject }[]>();
  const refused: SettledItem[] = [];
  for (const item of items) {
    const entity = item.entityType as XeroEntity;
    try {
      const update = buildXeroUpdate(entity, (item.raw ?? {}) as XeroObject, item.lines, lookups);
      byEntity.set(entity, [...(byEntity.get(entity) ?? []), { item, update }]);
    } catch (err) {
      if (!(err instanceof XeroUnpublishableError)) throw err;
      refused.push({ item, outcome: { kind: 'rejected', code: 'HERD', message: err.message } });
    }
  }
  if (refused.length > 0) yield refused;
  for (const [entity, pending] of byEntity) {
    for (let i = 0; i < pending.length; i += PER_REQUEST) {
      const chunk = pending.slice(i, i + PER_REQUEST);
      const answers = await api.post(
        collectionOf(entity),
        chunk.map((p) => p.update),
        randomUUID(),
      );
      const settled: SettledItem[] = [];
      for (const [n, { item }] of chunk.entries()) {
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
