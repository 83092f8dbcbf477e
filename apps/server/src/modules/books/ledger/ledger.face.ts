/**
 * The ledger module's published face: what other modules may use of it, and all they may use. The
 * rest of the module is its own; a lint rule keeps other modules to this file.
 */
export {
  type AdapterServices,
  type LedgerAdapter,
  type LedgerCompany,
  type LedgerLineField,
  type LedgerRegistry,
  type ListEntryOutcome,
  type NewListEntry,
} from './ledger-adapter.port.js';
export {
  type CorrectionItem,
  type CorrectionLine,
  type CorrectionOutcome,
  type LedgerAccountRecord,
  type LedgerFile,
  type LedgerRecord,
  type LedgerReferences,
  type LedgerRefRecord,
  type LedgerTransaction,
  type LineReferences,
  type PublishItem,
  type PublishLine,
  type PublishOutcome,
} from './ledger-records.port.js';
export { type CredentialStore, type LedgerGrant, type SealedCredentials } from './credential-store.port.js';
export { LedgerLimitReachedError, LedgerNeedsReauthError } from './ledger-errors.port.js';
export { cleanLedgerAccount, cleanLedgerRecord, cleanLedgerRef } from './ledger-hygiene.rule.js';
export { isWatchedByDefault } from './watched-accounts.rule.js';
export { type ConnectorChannel, type ConnectorChannels, type ConnectorMessage } from './connector-channel.port.js';
export { decideInbound, type InboundOptions } from './inbound-policy.rule.js';
