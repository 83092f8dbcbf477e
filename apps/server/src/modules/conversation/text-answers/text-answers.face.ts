/**
 * Answers by text (`docs/answers-by-text-and-email.md`): the questions texted with their likely
 * categories, and a reply read into answers. What other modules may use of it, and all they may use.
 */
export { textQuestions, type AskOutcome } from './ask-by-text.service.js';
export { answerTextReply, type TextReplier } from './text-reply.service.js';
