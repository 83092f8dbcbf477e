/**
 * The communications module's published face: what other modules may use of it, and all they may use. The
 * rest of the module (its queries, its rows) is its own; a lint rule keeps other modules to this file.
 */
export { usableFiles } from './communications.queries.js';
export { createOccurrenceCommunications, occurrencePairKey, type ScheduleOccurrences } from './occurrence-communications.service.js';
export { dueNoticesOf, holdArrivalNotices, queueArrivalNotices } from './arrival-notices.queries.js';
export { requestsWaitingOnClient } from './communications.service.js';
export { clientSeesCommunicationFile, communicationAccess, companyCommunicationScope, findScopedCommunications } from './communication-scope.service.js';
export { createCommunicationFor } from './communication-write.service.js';
