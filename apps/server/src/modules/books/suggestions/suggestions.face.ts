/**
 * The suggestions module's published face: what other modules may use of it, and all they may use. The
 * rest of the module (its queries, its rows) is its own; a lint rule keeps other modules to this file.
 */
export { type LedgerHistoryLine, replaceLedgerHistory } from './ledger-history.queries.js';
export {
  ANSWERED_STATUSES,
  companyAccounts,
  companyFirm,
  firmAnswers,
  openTransactions,
  ownAnswers,
  replaceSuggestions,
  rowsWithoutMerchant,
  setMerchantKeys,
  type StoredSuggestion,
} from './suggestions.queries.js';
export { type Account, accountKey, type Suggestion, suggestionFor } from './ranking.rule.js';
export { queueSuggestionRefresh } from './refresh-queue.queries.js';
export { merchantOfTransaction, normalizeMerchant } from './merchant.rule.js';
export { refreshAfterAnswers, type SuggestionDeps, suggestionOutcomes, type SuggestionVerdict } from './answers.service.js';
export { visibleSuggestions } from './suggestions-read.service.js';
