/**
 * The notifications module's published face: what other modules may use of it, and all they may use. The
 * rest of the module (its queries, its rows) is its own; a lint rule keeps other modules to this file.
 */
export {
  notifyBulkNote,
  notifyCommunicationCreated,
  notifyCommunicationsAnswered,
  notifyDocumentsAdded,
  notifyLedgerNeedsReauth,
  notifyReceiptsArrived,
  notifyReceiptsMatched,
  notifyScheduledCommunications,
  notifySyncErrors,
} from './events.service.js';
export { notifyCallDue, notifyClientUnresponsive, notifyRequestDue } from './follow-up-events.service.js';
export { notifyRulePaused } from './rule-paused.service.js';
export { notifyMentions, notifyNoteWritten } from './note-notify.service.js';
export { firmAudience } from './notification-recipients.queries.js';
export { clientRecipients, firmRecipients, receiptRecipients } from './note-recipients.queries.js';
export { answerNoticeHold, queueAnswerNotice } from './answer-notices.job.js';
