import { LedgerUnreachableError } from '../../modules/books/ledger/ledger-errors.port.js';
import type { QbxmlElement } from './qbxml-xml.js';

/** The status attributes of one `…Rs` (INTEGRATIONS.md §3.3), and its iterator's when it pages. */
export interface QbxmlStatus {
  requestId: string;
  code: number;
  severity: string;
  message: string;
  iteratorId: string | null;
  /** null when the answer is not a page of an iterator. */
  iteratorRemaining: number | null;
}

export const NO_MATCH = 1;
export const EDIT_SEQUENCE_STALE = 3200;
export const NAME_NOT_UNIQUE = 3100;
/** The list or record is being changed or is locked by someone in QuickBooks: it works again later. */
const RETRY_LATER = new Set([3170, 3175, 3176, 3180]);

export const statusOf = (rs: QbxmlElement): QbxmlStatus => {
  const remaining = rs.attrs.iteratorRemainingCount;
  return {
    requestId: rs.attrs.requestID ?? '',
    code: Number(rs.attrs.statusCode ?? Number.NaN),
    severity: rs.attrs.statusSeverity ?? '',
    message: rs.attrs.statusMessage ?? '',
    iteratorId: rs.attrs.iteratorID || null,
    iteratorRemaining: remaining === undefined || remaining === '' ? null : Number(remaining),
  };
};

/** 0 is OK, 1 an empty answer; both carry what was asked for (none, for 1). */
export const succeeded = (status: QbxmlStatus) => status.code === 0 || status.code === NO_MATCH;
export const retriesLater = (status: QbxmlStatus) => RETRY_LATER.has(status.code);

/**
 * QuickBooks could not do it now (a list in use or locked by someone at the office): nothing is
 * wrong with the data, so it is the ledger being out of reach, and the next Web Connector run tries again.
 */
export class QbdBusyError extends LedgerUnreachableError {
  constructor(readonly status: QbxmlStatus) {
    super(`QuickBooks Desktop is busy (${status.code}): ${status.message}`);
  }
}

/** QuickBooks refused a request; the message is its own. */
export class QbdRefusalError extends Error {
  constructor(readonly status: QbxmlStatus) {
    super(status.message || `QuickBooks Desktop refused the request (${status.code}).`);
  }
}

/** The status of an answer Herd must have succeed: the retry group is thrown as busy, anything else as a refusal. */
export const requireSuccess = (status: QbxmlStatus): QbxmlStatus => {
  if (succeeded(status)) return status;
  if (retriesLater(status)) throw new QbdBusyError(status);
  throw new QbdRefusalError(status);
};
