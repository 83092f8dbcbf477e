/**
 * The invitations module's published face: what other modules may use of it, and all they may use. The
 * rest of the module (its queries, its rows) is its own; a lint rule keeps other modules to this file.
 */
export { issueInvitationLink, redeemInvitationLink } from './invitation-links.service.js';
export { findPendingAssignments, findPendingCoworkerPks, replacePendingAssignments } from './pending-assignments.queries.js';
export {
  countPendingCoworkers,
  deletePendingInvitations,
  findPendingClientRows,
  findPendingCoworker,
  findPendingOfCompany,
  findPendingOfEmail,
  listPendingCoworkers,
  markPendingResent,
  updatePendingPerson,
} from './pending-invitations.queries.js';
export { type PeopleContext, peopleContextOf, type PeopleDeps } from './people-context.service.js';
export { inviteToCompany } from './client-invitation.service.js';
export { queueInvitationJob, recordInvitation } from './record-invitation.service.js';
export { COWORKER_INVITATION_SUBJECT, sendInvitation } from './invitation-mail.content.js';
