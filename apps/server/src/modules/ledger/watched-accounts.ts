/**
 * By default Herd watches every account named Uncategorized
 * Expense / Income / Asset, Ask My Accountant, Suspense, or containing
 * "ask". The accountant can change the set afterwards; this only decides it
 * for accounts Herd sees for the first time.
 */
const WATCHED_NAMES = new Set(['uncategorized expense', 'uncategorized income', 'uncategorized asset', 'ask my accountant', 'suspense']);

export const isWatchedByDefault = (name: string): boolean => {
  const normalized = name.trim().toLowerCase();
  const leaf = normalized.split(':').at(-1)!.trim();
  return WATCHED_NAMES.has(normalized) || WATCHED_NAMES.has(leaf) || /\bask\b/.test(leaf);
};
