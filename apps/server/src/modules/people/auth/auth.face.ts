/**
 * The auth module's published face: what other modules may use of it, and all they may use. The
 * rest of the module (its queries, its rows) is its own; a lint rule keeps other modules to this file.
 */
export {
  expireUnusedCodes,
  findBrandOfUser,
  findCompanyNamesOfUser,
  findUserByEmail,
  findUserOfFirm,
  findUserOfFirmByEmail,
  insertFirm,
  insertFirmMember,
  insertSubscription,
  insertUser,
  setPasswordHash,
} from './auth.queries.js';
export { deleteUserSessions } from './sessions.queries.js';
export { linkLedgerIdentity } from './ledger-identities.queries.js';
export { findClientFirm, findMemberWithFirm } from './actor.queries.js';
export { type RedeemInvitationLink } from './invitation-link.port.js';
export { type ReadProfile } from './profile.port.js';
export { magicLinkUrl } from './auth.service.js';
export { issueCode } from './one-time-codes.service.js';
export { openSession, type SessionReply, signedInProfile } from './session.service.js';
export { endSession, readSession } from './sessions.service.js';
export { assertStrongPassword } from './password-strength.rule.js';
