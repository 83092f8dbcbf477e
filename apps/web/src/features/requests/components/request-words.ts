import type { CommunicationItemAnswerKind, CommunicationKind, CommunicationStatus, W9TaxClassification } from '@herd/contract';

/** What each kind is called on screen. */
export const REQUEST_KIND_LABELS: Record<CommunicationKind, string> = {
  REQUEST: 'Request',
  REPORT: 'Report',
  NOTICE: 'Notice',
  W9: 'W-9',
};

/** A kind in a sentence: what it asks of the client. */
export const REQUEST_KIND_HELP: Record<CommunicationKind, string> = {
  REQUEST: 'A checklist the client answers item by item.',
  REPORT: 'Files the client reviews and acknowledges.',
  NOTICE: 'Something the client reads and acknowledges.',
  W9: 'The client gives a vendor’s W-9.',
};

/** A status said as where the request stands, from the accountant's side. */
export const REQUEST_STATUS_WORDS: Record<CommunicationStatus, string> = {
  PROCESSING: 'Waiting on the client',
  READY: 'Waiting on you',
  SYNC_ERROR: 'Sync error',
  FINISHED_IN_HERD: 'Done',
  CANCELLED: 'Cancelled',
};

export const REQUEST_STATUS_COLORS: Record<CommunicationStatus, string> = {
  PROCESSING: 'default',
  READY: 'blue',
  SYNC_ERROR: 'red',
  FINISHED_IN_HERD: 'green',
  CANCELLED: 'default',
};

export const ITEM_ANSWER_KIND_LABELS: Record<CommunicationItemAnswerKind, string> = { TEXT: 'Text answer', FILES: 'Files' };

export const requestCountWord = (n: number) => (n === 1 ? '1 request' : `${n} requests`);

/** Line 3a of the W-9, in the form's own words. */
export const W9_TAX_CLASSIFICATION_LABELS: Record<W9TaxClassification, string> = {
  INDIVIDUAL: 'Individual or single-member LLC',
  C_CORPORATION: 'C corporation',
  S_CORPORATION: 'S corporation',
  PARTNERSHIP: 'Partnership',
  TRUST_ESTATE: 'Trust or estate',
  LLC_C: 'LLC taxed as a C corporation',
  LLC_S: 'LLC taxed as an S corporation',
  LLC_P: 'LLC taxed as a partnership',
  OTHER: 'Other',
};
