/**
 * Stripe's test card numbers, as the hosted Checkout page takes them:
 * 4242… pays, 4000 0000 0000 0341 is saved but every charge on it fails
 * (so a first payment is declined and later renewals fail), 4000 0000 0000 0002
 * is always declined. Any other number that passes the Luhn check pays too.
 */
export interface TestCard {
  brand: string;
  last4: string;
  /** Refused outright, before it is saved. */
  declinedAtOnce: boolean;
  /** Saved to the customer, but a charge on it fails. */
  chargesFail: boolean;
}

export const CARD_SUCCEEDS = '4242424242424242';
export const CARD_CHARGES_FAIL = '4000000000000341';
export const CARD_DECLINED = '4000000000000002';

const brandOf = (digits: string): string => {
  if (digits.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(digits) || /^2[2-7]/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (digits.startsWith('6')) return 'discover';
  return 'unknown';
};

const luhnValid = (digits: string): boolean => {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
};

/** The card a number stands for, or null when it is not a card number. */
export const readTestCard = (number: string): TestCard | null => {
  const digits = number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) return null;
  return { brand: brandOf(digits), last4: digits.slice(-4), declinedAtOnce: digits === CARD_DECLINED, chargesFail: digits === CARD_CHARGES_FAIL };
};
