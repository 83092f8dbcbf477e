import type { EmailContent } from '../../../mail/email-content.js';
import type { SheetAnswers } from './answer-sheet.service.js';
import { questionLine } from './question-text.content.js';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** How to answer by replying, said once in every email that lists questions. */
export const REPLY_HOW =
  'Answer by replying to this email: each question’s number, then a letter or a few words, several in one reply, like “1a, 2 meals, 3 was personal”.';

/**
 * What Herd writes back after a reply answered questions: which were filed and as what, which were
 * left because they changed since, and which it could not tell, asked again with their likely
 * categories lettered anew (a reply to this email answers those).
 */
export const emailAnswersContent = (p: { firmName: string; companyName: string; url: string; answers: SheetAnswers }): EmailContent => {
  const { answered, moved, again } = p.answers;
  return {
    subject: again.length > 0 ? `${p.firmName}: ${plural(again.length, 'question', 'questions')} we could not tell` : `Your answers reached ${p.firmName}`,
    heading: 'Thanks for your answers',
    paragraphs: [
      `${plural(answered.length, 'answer is', 'answers are')} with ${p.firmName} for ${p.companyName}: ${answered.map((a) => `${a.question.number} ${a.category}`).join('; ')}.`,
      ...(moved.length > 0
        ? [
            `${moved.length === 1 ? `Question ${moved[0]!.number} was` : `Questions ${moved.map((q) => q.number).join(', ')} were`} answered or changed in Herd since we asked, so we left it as it is.`,
          ]
        : []),
      ...(again.length > 0 ? ['We could not tell which category you meant for these. Reply with the number and a letter, like “2a”:'] : []),
    ],
    ...(again.length > 0 ? { sections: [{ title: 'Which one?', lines: again.map(questionLine) }] } : {}),
    action: { label: 'See what is left', url: p.url },
    footnote: 'This link signs you in once and expires in 7 days.',
  };
};
