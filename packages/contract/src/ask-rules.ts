import { z } from 'zod';
import { messages } from './messages.js';
import { MONEY_PATTERN, moneyField } from './transactions.js';

/** The most payees a firm answers itself for one client company. */
export const FIRM_PAYEES_MAX = 100;

/** An amount above zero, or null for none: a threshold a firm may leave unset. */
export const positiveThreshold = (label: string) =>
  moneyField(label)
    // A value that is no amount at all is refused once, as not valid.
    .refine((value) => !MONEY_PATTERN.test(value) || (!value.startsWith('-') && Number(value) > 0), { error: `${label} must be more than zero.` })
    .nullable();

/**
 * What happens to a question dated in the period the ledger has closed: asked anyway (marked, and its publish
 * refused until the period reopens or the correction is posted in the ledger), or kept with the firm.
 */
export const CLOSED_PERIOD_CHOICES = ['ASK', 'KEEP'] as const;
export type ClosedPeriodChoice = (typeof CLOSED_PERIOD_CHOICES)[number];

/**
 * What the firm asks a client company's people about (docs/transactions.md, "What is worth asking"):
 * - `ask_from`: transactions below this amount stay with the firm (null: every amount is asked);
 * - `receipt_above`: a transaction above this amount needs a receipt to be finished (null: none does);
 * - `firm_payees`: payees the firm always answers itself, as the firm writes them;
 * - `closed_period`: whether a transaction in the ledger's closed period is asked anyway or kept with the firm.
 */
export const askRules = z.object({
  ask_from: positiveThreshold('Ask from'),
  receipt_above: positiveThreshold('Receipt above'),
  firm_payees: z
    .array(
      z
        .string({ error: messages.notValid('Payee') })
        .trim()
        .min(1, { error: messages.required('Payee') })
        .max(200, { error: 'Payee must be at most 200 characters.' }),
      { error: messages.notValid('Firm payees') },
    )
    .max(FIRM_PAYEES_MAX, { error: `At most ${FIRM_PAYEES_MAX} payees.` }),
  closed_period: z.enum(CLOSED_PERIOD_CHOICES, { error: messages.notValid('Closed period') }).default('ASK'),
});
export type AskRules = z.infer<typeof askRules>;

/** Every company asks about everything until the firm sets otherwise. */
export const DEFAULT_ASK_RULES: AskRules = { ask_from: null, receipt_above: null, firm_payees: [], closed_period: 'ASK' };

/** The receipt amount a client is held to: none when they may not attach a file (they could not give one). */
export const clientReceiptRule = (rules: AskRules, editable: readonly string[]): string | null => (editable.includes('attachments') ? rules.receipt_above : null);

/** Why a transaction stays with the firm: under the amount asked about, a payee the firm answers itself, or in the ledger's closed period. */
export const KEPT_REASONS = ['AMOUNT', 'PAYEE', 'CLOSED_PERIOD'] as const;
export type KeptReason = (typeof KEPT_REASONS)[number];

const dollars = (amount: string) => {
  const [whole = '0', cents = '00'] = amount.split('.');
  const grouped = Number(whole).toLocaleString('en-US');
  return cents.replace(/0+$/, '') === '' ? `$${grouped}` : `$${grouped}.${cents.padEnd(2, '0')}`;
};

/**
 * The rules as the client reads them on their home page: "Your accountant asks about amounts of $75 or more,
 * and needs a receipt above $250." Null when the firm set none. Payees are not listed: which payees the firm
 * answers is its own business, and the client never sees those transactions.
 */
export const askRulesInWords = (rules: AskRules): string | null => {
  const asks = rules.ask_from ? `asks about amounts of ${dollars(rules.ask_from)} or more` : null;
  const receipt = rules.receipt_above ? `needs a receipt above ${dollars(rules.receipt_above)}` : null;
  if (asks && receipt) return `Your accountant ${asks}, and ${receipt}.`;
  if (asks || receipt) return `Your accountant ${asks ?? receipt}.`;
  return null;
};

/** The refusal (and the editor's hint) when a transaction above the receipt amount is finished without one. */
export const receiptNeededMessage = (receiptAbove: string) => `Your accountant needs a receipt for amounts above ${dollars(receiptAbove)}: add a photo or a file.`;
