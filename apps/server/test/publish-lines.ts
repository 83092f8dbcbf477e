import type { PublishLine } from '../src/modules/books/ledger/ledger-records.port.js';

/** A line of an answer on its way to a ledger: an amount on a category, every other reference empty unless given. */
export const publishLine = (amountCents: number, categoryExternalId: string, extra: Partial<PublishLine> = {}): PublishLine => ({
  amountCents,
  description: '',
  categoryExternalId,
  vendorExternalId: null,
  customerExternalId: null,
  classExternalId: null,
  locationExternalId: null,
  taxExternalId: null,
  trackingOneExternalId: null,
  trackingTwoExternalId: null,
  billable: null,
  ...extra,
});
