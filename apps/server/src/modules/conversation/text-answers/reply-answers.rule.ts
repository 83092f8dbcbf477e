import { matchCategory, type Category } from './category-matching.rule.js';
import { CHOICE_LETTERS, readReply, type ReplyCommand } from './reply-reading.rule.js';

/** One question as it was asked: its number, its transaction, and its lettered likely categories (a, b, c in order). */
export interface AskedQuestion {
  number: number;
  transactionPk: number;
  choices: readonly Category[];
}

export type QuestionOutcome =
  | { question: number; transactionPk: number; kind: 'answered'; categoryPk: number; how: 'letter' | 'past' | 'name' | 'typo' | 'meaning'; words: string }
  | { question: number; transactionPk: number; kind: 'ask'; likely: number[]; words: string; how: 'letter' | 'words' };

export type ReplyOutcome = { kind: 'command'; command: ReplyCommand } | { kind: 'answers'; outcomes: QuestionOutcome[] } | { kind: 'unreadable' };

/**
 * What a reply answers, question by question: a letter takes that choice, words are matched to the
 * categories the client may use (`categories`), and whatever cannot be read with confidence is to be
 * asked again, with the likely categories for the follow-up. Questions the reply does not name are
 * left out: they are still open.
 */
export const answersOfReply = (
  reply: string,
  questions: readonly AskedQuestion[],
  categories: readonly Category[],
  pastWords: ReadonlyMap<string, number> = new Map(),
  options: { numbered?: boolean } = {},
): ReplyOutcome => {
  const read = readReply(
    reply,
    questions.map((q) => q.number),
    options,
  );
  if (read.kind !== 'answers') return read;
  const outcomes = read.answers.flatMap((answer): QuestionOutcome[] => {
    const question = questions.find((q) => q.number === answer.question);
    if (!question) return [];
    const base = { question: question.number, transactionPk: question.transactionPk };
    const choices = question.choices.map((c) => c.pk);
    if ('letter' in answer) {
      const chosen = question.choices[CHOICE_LETTERS.indexOf(answer.letter as (typeof CHOICE_LETTERS)[number])];
      return [
        chosen
          ? { ...base, kind: 'answered', categoryPk: chosen.pk, how: 'letter', words: answer.letter }
          : { ...base, kind: 'ask', likely: choices, words: answer.letter, how: 'letter' },
      ];
    }
    const match = matchCategory(answer.words, categories, choices, pastWords);
    if (match.kind === 'category') return [{ ...base, kind: 'answered', categoryPk: match.pk, how: match.how, words: answer.words }];
    return [{ ...base, kind: 'ask', likely: match.kind === 'unclear' && match.likely.length > 0 ? match.likely : choices, words: answer.words, how: 'words' }];
  });
  return { kind: 'answers', outcomes };
};
