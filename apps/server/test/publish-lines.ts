import type { CorrectionLine, PublishLine } from '../src/modules/books/ledger/ledger-records.port.js';

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

/** A line of a correction's journal: an amount on one side of an account, every other reference empty unless given. */
export const correctionLine = (
  posting: CorrectionLine['posting'],
  accountExternalId: string,
  amountCents: number,
  extra: Partial<CorrectionLine> = {},
): CorrectionLine => {
  const { categoryExternalId: _category, billable: _billable, ...line } = publishLine(amountCents, accountExternalId);
  return { ...line, accountExternalId, posting, ...extra };
};
