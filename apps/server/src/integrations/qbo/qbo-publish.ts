import type { LedgerReferences, PublishItem, PublishOutcome, SettledItem } from '../../modules/books/ledger/ledger-records.port.js';
import type { QboApi, QboEntity } from './qbo-api.js';
import type { BatchAnswer, BatchOperation } from './qbo-batch.js';
import type { QboFault } from './qbo-faults.js';
import { attachFiles } from './qbo-publish-attachments.js';
import { qboLookups, type Lookups } from './qbo-lookups.js';
import { buildPublishUpdate, UnpublishableError, type PublishLine } from './qbo-publish-map.js';
import { qboIdOf } from './qbo-records.js';
import { mapTransaction, type TransactionEntity } from './qbo-transaction-map.js';

export interface PublishDeps {
  api: QboApi;
  lookups: Lookups;
}

/** A transaction on its way: the copy of QuickBooks' row its update is built on, and what happened so far. */
interface Pending {
  item: PublishItem;
  entity: TransactionEntity;
  lines: PublishLine[];
  raw: QboEntity;
  /** Already read again after a stale SyncToken: a second one is the row's error, not another loop. */
  reread: boolean;
  /** QuickBooks failed this item (not the batch): sent again in a later batch, up to ITEM_RETRIES times. */
  failures: number;
}

/** Sends of one item QuickBooks failed before the job gives up (and pg-boss retries it later). */
const ITEM_RETRIES = 3;
/** Ids read back in one select; well under QuickBooks' 1,000-row page. */
const IDS_PER_READ = 30;

type Planned = { op: BatchOperation; write: Pending } | { op: BatchOperation; read: Pending[] };

/**
 * Writes categorizations back through QuickBooks' batch endpoint, as many
 * operations a request as it accepts (api.batch lowers the size if it
 * refuses one). Each item's answer stands on its own:
 * - written → published, then the transaction's files are uploaded;
 * - stale SyncToken (someone changed it in QuickBooks) → read again in a
 *   later batch: still uncategorized there → the update is rebuilt on the
 *   fresh copy and sent once more; categorized there meanwhile → MATCHED;
 *   stale a second time, or gone → the row's sync error;
 * - a validation fault → that row's sync error, in QuickBooks' own words;
 * - QuickBooks failing that item → sent again in a later batch, and past a
 *   few tries the job fails so pg-boss retries it later.
 * Throttling and outages of whole requests are the API's to wait out or throw.
 * The outcomes a batch settled are recorded together (one database
 * transaction) as soon as it is answered, so a job cut short leaves only the
 * unanswered rows in PROCESSING.
 */
export async function* publishToQbo(api: QboApi, items: PublishItem[], references: LedgerReferences): AsyncGenerator<SettledItem[]> {
  const deps: PublishDeps = { api, lookups: qboLookups(references) };
  const settled: SettledItem[] = [];
  const note: Note = (item, outcome) => void settled.push({ item, outcome });
  const toWrite: Pending[] = items.map((item) => {
    const entity = item.entityType as TransactionEntity;
    const raw = (item.raw ?? { Id: qboIdOf(entity, item.externalId), SyncToken: item.version ?? '' }) as QboEntity;
    return { item, entity, lines: item.lines, raw, reread: false, failures: 0 };
  });
  let toRead: Pending[] = [];

  let sequence = 0;
  const nextId = () => String((sequence += 1));
  while (toWrite.length > 0 || toRead.length > 0) {
    const room = deps.api.batchSize;
    const planned: Planned[] = [];
    // Reads first: what they bring back is a write for the next request.
    for (const group of readGroups(toRead)) {
      const ids = group.map((p) => `'${p.raw.Id.replace(/'/g, "\\'")}'`).join(', ');
      planned.push({ op: { bId: nextId(), kind: 'query', entity: group[0]!.entity, statement: `select * from ${group[0]!.entity} where Id in (${ids})` }, read: group });
    }
    toRead = [];
    while (toWrite.length > 0 && planned.length < room) {
      const pending = toWrite.shift()!;
      let fields;
      try {
        fields = buildPublishUpdate(pending.entity, pending.raw, pending.lines, deps.lookups);
      } catch (err) {
        if (!(err instanceof UnpublishableError)) throw err;
        note(pending.item, { kind: 'rejected', code: 'HERD', message: err.message });
        continue;
      }
      planned.push({ op: { bId: nextId(), kind: 'update', entity: pending.entity, fields }, write: pending });
    }
    // What this round settled is handed back together, even when a later step of it throws.
    try {
      if (planned.length > 0) {
        const answers = await deps.api.batch(planned.map((p) => p.op));
        for (const p of planned) {
          const answer = answers.get(p.op.bId)!;
          if ('write' in p) await settleWrite(deps, p.write, answer, note, { toWrite, toRead });
          else settleRead(deps, p.read, answer, note, { toWrite, toRead });
        }
      }
    } catch (err) {
      if (settled.length > 0) yield settled.splice(0);
      throw err;
    }
    if (settled.length > 0) yield settled.splice(0);
  }
}

/** Notes a transaction's outcome, to be recorded with the rest of its round. */
type Note = (item: PublishItem, outcome: PublishOutcome) => void;

interface Queues {
  toWrite: Pending[];
  toRead: Pending[];
}

/** Stale rows to read again, by entity, a select's worth each. */
const readGroups = (pending: Pending[]): Pending[][] => {
  const byEntity = new Map<string, Pending[]>();
  for (const p of pending) byEntity.set(p.entity, [...(byEntity.get(p.entity) ?? []), p]);
  const groups: Pending[][] = [];
  for (const list of byEntity.values()) for (let i = 0; i < list.length; i += IDS_PER_READ) groups.push(list.slice(i, i + IDS_PER_READ));
  return groups;
};

/** An item QuickBooks itself failed goes round again; past ITEM_RETRIES the job fails and is retried later. */
const again = (pending: Pending, fault: QboFault, queue: Pending[]) => {
  if (fault.kind !== 'system' && fault.kind !== 'throttled') throw fault;
  pending.failures += 1;
  if (pending.failures > ITEM_RETRIES) throw fault;
  queue.push(pending);
};

const settleWrite = async (deps: PublishDeps, pending: Pending, answer: BatchAnswer, note: Note, queues: Queues) => {
  if (answer.kind === 'entity') {
    const updated = answer.entity;
    const attachmentError = await attachFiles(deps.api, pending.entity, updated.Id, pending.item.files);
    if (attachmentError) {
      note(pending.item, { kind: 'rejected', code: attachmentError.code, message: attachmentError.message, raw: updated, ledgerVersion: updated.SyncToken });
    } else {
      note(pending.item, { kind: 'published', ledgerVersion: updated.SyncToken, raw: updated });
    }
    return;
  }
  if (answer.kind !== 'fault') throw new Error('A batch update was answered with rows');
  const { fault } = answer;
  if (fault.kind === 'stale' && !pending.reread) {
    queues.toRead.push(pending);
    return;
  }
  if (fault.kind === 'stale' || fault.kind === 'validation') {
    note(pending.item, { kind: 'rejected', code: fault.code, message: fault.ledgerMessage });
    return;
  }
  again(pending, fault, queues.toWrite);
};

const settleRead = (deps: PublishDeps, group: Pending[], answer: BatchAnswer, note: Note, queues: Queues) => {
  if (answer.kind === 'fault') {
    if (answer.fault.kind === 'validation') {
      for (const pending of group) note(pending.item, { kind: 'rejected', code: answer.fault.code, message: answer.fault.ledgerMessage });
      return;
    }
    for (const pending of group) again(pending, answer.fault, queues.toRead);
    return;
  }
  if (answer.kind !== 'rows') throw new Error('A batch select was answered with an entity');
  const byId = new Map(answer.rows.map((row) => [String(row.Id), row]));
  for (const pending of group) {
    const fresh = byId.get(pending.raw.Id);
    if (!fresh) {
      // Deleted in QuickBooks since the pull: what reading it alone answers (610).
      note(pending.item, {
        kind: 'rejected',
        code: '610',
        message: 'Object Not Found: QuickBooks no longer has this transaction; it may have been deleted there.',
      });
    } else if (!mapTransaction(pending.entity, fresh, deps.lookups)) {
      note(pending.item, { kind: 'matched', raw: fresh, ledgerVersion: fresh.SyncToken });
    } else {
      pending.raw = fresh;
      pending.reread = true;
      queues.toWrite.push(pending);
    }
  }
};
