/**
 * The reminders module's published face: what other modules may use of it, and all they may use. The
 * rest of the module (its queries, its rows) is its own; a lint rule keeps other modules to this file.
 */
export { openWorkOf, openWorkReader, reminderRecipients } from './reminders.queries.js';
export { sendReminder } from './send-reminder.service.js';
