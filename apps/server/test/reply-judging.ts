import { answersOfReply } from '../src/modules/conversation/text-answers/reply-answers.rule.js';
import { ASK, CATEGORIES, ONE_QUESTION, REPLY_CORPUS, THREE_QUESTIONS, type CorpusReply } from './reply-corpus.js';
import { XERO_CATEGORIES, XERO_QUESTION, XERO_REPLIES } from './reply-corpus-xero.js';

export type Verdict = 'right' | 'asked again' | 'wrong';

interface QuestionVerdict {
  question: number;
  verdict: Verdict;
  said: string;
}

export interface Judged {
  reply: CorpusReply;
  /** By question (0 for the keyword or the reply as a whole). */
  verdicts: QuestionVerdict[];
}

const nameOf = (pk: number) => [...CATEGORIES, ...XERO_CATEGORIES].find((c) => c.pk === pk)?.name ?? `#${pk}`;

/**
 * Each reply of the corpus read as Herd reads it, judged question by question: right (the category
 * a careful accountant would take, or asked again where the reply is in doubt), asked again (Herd
 * asks where it could have known), or wrong (a category the client did not mean, or one chosen where
 * Herd should have asked).
 */
export const judgeCorpus = (corpus: readonly CorpusReply[] = [...REPLY_CORPUS, ...XERO_REPLIES]): Judged[] =>
  corpus.map((reply) => {
    const questions = reply.questions === 'three' ? THREE_QUESTIONS : reply.questions === 'xero' ? XERO_QUESTION : ONE_QUESTION;
    const outcome = answersOfReply(reply.reply, questions, reply.questions === 'xero' ? XERO_CATEGORIES : CATEGORIES);
    if (reply.command) {
      const said = outcome.kind === 'command' ? outcome.command : outcome.kind === 'unreadable' ? 'UNREADABLE' : JSON.stringify(outcome);
      const answered = outcome.kind === 'answers' && outcome.outcomes.some((o) => o.kind === 'answered');
      return { reply, verdicts: [{ question: 0, verdict: said === reply.command ? 'right' : answered ? 'wrong' : 'asked again', said }] };
    }
    const outcomes = outcome.kind === 'answers' ? outcome.outcomes : [];
    const verdicts = questions.flatMap(({ number }): QuestionVerdict[] => {
      const expected = reply.expected[number];
      const got = outcomes.find((o) => o.question === number);
      if (expected === undefined) return got?.kind === 'answered' ? [{ question: number, verdict: 'wrong', said: nameOf(got.categoryPk) }] : [];
      if (!got || got.kind === 'ask') return [{ question: number, verdict: expected === ASK ? 'right' : 'asked again', said: got ? 'ask' : 'nothing' }];
      const said = nameOf(got.categoryPk);
      return [{ question: number, verdict: said === expected ? 'right' : 'wrong', said }];
    });
    return { reply, verdicts };
  });

export const shares = (judged: readonly Judged[]) => {
  const all = judged.flatMap((j) => j.verdicts);
  const count = (verdict: Verdict) => all.filter((v) => v.verdict === verdict).length;
  return { replies: judged.length, answers: all.length, right: count('right'), askedAgain: count('asked again'), wrong: count('wrong') };
};
