/**
 * Answers by text and by email reply (`docs/answers-by-text-and-email.md`): the open questions,
 * numbered with their likely categories, texted or listed in the reminder email, and a reply read
 * into answers. What other modules may use of it, and all they may use.
 */
export { textQuestions, type AskOutcome } from './ask-by-text.service.js';
export { answerTextReply, type TextReplier } from './text-reply.service.js';
export { answerEmailReply, questionsForEmail, readEmailReply, rememberEmailedQuestions, type EmailQuestions } from './email-questions.service.js';
export { emailAnswersContent, REPLY_HOW } from './email-answers.content.js';
export { questionLine } from './question-text.content.js';
