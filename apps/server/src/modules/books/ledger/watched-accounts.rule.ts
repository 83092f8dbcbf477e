/**
 * By default Herd watches every account named Uncategorized
 * Expense / Income / Asset, Ask My Accountant, Suspense, or containing
 * "ask". The accountant can change the set afterwards; this only decides it
 * for accounts Herd sees for the first time.
 */
const WATCHED_NAMES = new Set(['uncategorized expense', 'uncategorized expenses', 'uncategorized income', 'uncategorized asset', 'ask my accountant', 'suspense']);

/**
 * The buckets a ledger itself marks as uncategorized, whatever they are called (QuickBooks
 * Desktop's SpecialAccountType, which the adapter passes as the account's subtype): renamed or
 * not, they hold what nobody has categorized yet.
 */
const UNCATEGORIZED_SUBTYPES = new Set(['UncategorizedExpenses', 'UncategorizedIncome']);

export const isWatchedByDefault = (name: string, accountSubtype: string | null = null): boolean => {
  if (accountSubtype !== null && UNCATEGORIZED_SUBTYPES.has(accountSubtype)) return true;
  const normalized = name.trim().toLowerCase();
  const leaf = normalized.split(':').at(-1)!.trim();
  return WATCHED_NAMES.has(normalized) || WATCHED_NAMES.has(leaf) || /\bask\b/.test(leaf);
};
