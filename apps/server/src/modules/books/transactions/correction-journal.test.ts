import { describe, expect, it } from 'vitest';
import type { PublishLine } from '../ledger/ledger.face.js';
import { publishLine } from '../../../../test/publish-lines.js';
import { correctionItemOf, type CorrectedTransaction } from './correction-journal.rule.js';

const row = (over: Partial<CorrectedTransaction> = {}): CorrectedTransaction => ({
  pk: 7,
  externalId: 'Purchase:41',
  ledgerEntityType: 'Purchase',
  type: 'EXPENSE',
  subtype: 'PURCHASE',
  date: '2026-01-14',
  amount: '120.00',
  currency: 'USD',
  payee: 'Staples',
  description: 'STAPLES 0042',
  updatedAt: new Date('2026-03-02T10:00:00Z'),
  raw: { Id: '41' },
  ...over,
});

/** An answer line with a description naming its category, as the journal's lines are checked by it. */
const line = (amountCents: number, categoryExternalId: string, over: Partial<PublishLine> = {}) =>
  publishLine(amountCents, categoryExternalId, { description: `line ${categoryExternalId}`, ...over });

/** Each line as "SIDE account cents", and whether debits equal credits. */
const postings = (lines: ReturnType<typeof correctionItemOf>['lines']) => lines.map((l) => `${l.posting} ${l.accountExternalId} ${l.amountCents}`);
const balanced = (lines: ReturnType<typeof correctionItemOf>['lines']) =>
  lines.reduce((sum, l) => sum + (l.posting === 'DEBIT' ? l.amountCents : -l.amountCents), 0) === 0;

describe('the correction of a closed-period answer', () => {
  it('moves money out from the watched account to the answer’s categories, dated the first open day, with each line’s contact and class', () => {
    const item = correctionItemOf(row(), [line(9000, 'office', { vendorExternalId: 'v1', classExternalId: 'c1' }), line(3000, 'meals')], 'uncat', '2026-01-31');
    expect(item).toMatchObject({ key: 7, externalId: 'Purchase:41', entityType: 'Purchase', date: '2026-02-01', currency: 'USD' });
    expect(postings(item.lines)).toEqual(['DEBIT office 9000', 'DEBIT meals 3000', 'CREDIT uncat 12000']);
    expect(item.lines[0]).toMatchObject({ vendorExternalId: 'v1', classExternalId: 'c1', description: 'line office' });
    expect(balanced(item.lines)).toBe(true);
    expect(item.memo).toBe('Correction of Staples, Jan 14, 2026, 120.00 USD: the books are closed through Jan 31, 2026, so the answer is posted in the open period.');
  });

  it('takes money in, a refund and a credit note off the credit side of the watched account', () => {
    for (const [type, subtype] of [
      ['DEPOSIT', 'DEPOSIT'],
      ['EXPENSE', 'CREDIT_CARD_CREDIT'],
      ['BILL', 'VENDOR_CREDIT'],
    ] as const) {
      const item = correctionItemOf(row({ type, subtype }), [line(12000, 'sales')], 'uncat', '2026-01-31');
      expect(postings(item.lines), subtype).toEqual(['CREDIT sales 12000', 'DEBIT uncat 12000']);
    }
  });

  it('puts a negative line on the other side and the net on the watched account, so the journal still balances', () => {
    const item = correctionItemOf(row(), [line(15000, 'office'), line(-3000, 'refunds')], 'uncat', '2026-01-31');
    expect(postings(item.lines)).toEqual(['DEBIT office 15000', 'CREDIT refunds 3000', 'CREDIT uncat 12000']);
    expect(balanced(item.lines)).toBe(true);
  });

  it('keys the request by the row and its last change: a retried job sends the same key, a later attempt another', () => {
    const first = correctionItemOf(row(), [line(12000, 'office')], 'uncat', '2026-01-31');
    expect(correctionItemOf(row(), [line(12000, 'office')], 'uncat', '2026-01-31').idempotencyKey).toBe(first.idempotencyKey);
    expect(correctionItemOf(row({ updatedAt: new Date('2026-03-03T10:00:00Z') }), [line(12000, 'office')], 'uncat', '2026-01-31').idempotencyKey).not.toBe(
      first.idempotencyKey,
    );
  });
});
