import { typedCents } from '@herd/contract';

/** Transaction amounts are numeric(14, 2): at most twelve digits before the point. */
export { MAX_AMOUNT_CENTS } from '@herd/contract';

/**
 * An amount as banks print it, in cents: "1,234.56", "$12.50", "(12.50)" and "12.50-" (both
 * negative), "-12.50", "USD 12.50". Read by the contract's one reader of typed money, so a bank
 * file and a person's typing are read alike. Null when it is not a number; an amount past
 * MAX_AMOUNT_CENTS is returned as it is, for the caller to refuse.
 */
export const parseBankAmount = (value: string): number | null => typedCents(value);
