import { faultFromResponse, QboFault } from './qbo-faults.js';

/** The shape of `QboEntity` (qbo-api.ts), repeated so the two modules do not import each other. */
type QboEntity = Record<string, unknown> & { Id: string; SyncToken: string };

/** QuickBooks' batch size: 30 operations a request (its batch page); one more is refused whole. */
export const BATCH_MAX_ITEMS = 30;
/** The smaller size Intuit's pages also give ("up to 10 payloads"): where a refused 30 falls back to first. */
export const BATCH_FALLBACK_ITEMS = 10;
/** QuickBooks' throttle on batch requests: 40 a minute per realm and app, on top of the realm's 500. */
export const BATCH_REQUESTS_PER_MINUTE = 40;

/** One operation of a batch: a sparse update of a transaction, or a select. `bId` pairs it with its answer. */
export type BatchOperation =
  | { bId: string; kind: 'update'; entity: string; fields: Record<string, unknown> & { Id: string; SyncToken: string } }
  | { bId: string; kind: 'query'; entity: string; statement: string };

/** What QuickBooks answered one operation: the entity written, the rows read, or that item's own fault. */
export type BatchAnswer = { kind: 'entity'; entity: QboEntity } | { kind: 'rows'; rows: QboEntity[] } | { kind: 'fault'; fault: QboFault };

export const batchRequestBody = (operations: BatchOperation[]) => ({
  BatchItemRequest: operations.map((op) =>
    op.kind === 'query' ? { bId: op.bId, Query: op.statement } : { bId: op.bId, operation: 'update', [op.entity]: { ...op.fields, sparse: true } },
  ),
});

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * Reads `BatchItemResponse` by bId. An item QuickBooks left unanswered is
 * reported as a failure of QuickBooks (sent again), never as written.
 */
export const readBatchAnswers = (operations: BatchOperation[], body: unknown): Map<string, BatchAnswer> => {
  const items = isObj(body) && Array.isArray(body.BatchItemResponse) ? body.BatchItemResponse.filter(isObj) : [];
  const byId = new Map(items.map((item) => [String(item.bId ?? ''), item]));
  const answers = new Map<string, BatchAnswer>();
  for (const op of operations) {
    const item = byId.get(op.bId);
    if (!item) {
      answers.set(op.bId, { kind: 'fault', fault: new QboFault('system', 200, '', 'QuickBooks did not answer this item of the batch', '') });
    } else if (isObj(item.Fault) || isObj(item.fault)) {
      // An item's fault carries no HTTP status of its own; 400 is what the same fault answers alone.
      answers.set(op.bId, { kind: 'fault', fault: faultFromResponse(400, item) });
    } else if (op.kind === 'query') {
      const response = isObj(item.QueryResponse) ? item.QueryResponse : {};
      const rows = response[op.entity];
      answers.set(op.bId, { kind: 'rows', rows: Array.isArray(rows) ? (rows as QboEntity[]) : [] });
    } else if (isObj(item[op.entity])) {
      answers.set(op.bId, { kind: 'entity', entity: item[op.entity] as QboEntity });
    } else {
      answers.set(op.bId, { kind: 'fault', fault: new QboFault('system', 200, '', `QuickBooks answered this item without the ${op.entity}`, '') });
    }
  }
  return answers;
};

/** The size to try after QuickBooks refused a batch of `size` whole: its other documented size, then halves. */
export const smallerBatchSize = (size: number): number => (size > BATCH_FALLBACK_ITEMS ? BATCH_FALLBACK_ITEMS : Math.max(1, Math.floor(size / 2)));
