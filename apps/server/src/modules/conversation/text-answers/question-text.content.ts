import { CHOICE_LETTERS } from './reply-reading.rule.js';

export interface TextedQuestion {
  number: number;
  payee: string;
  /** YYYY-MM-DD */
  date: string;
  amount: string;
  currency: string;
  choices: readonly { name: string }[];
}

const money = (amount: string, currency: string) => {
  const value = Math.abs(Number(amount));
  return currency === 'USD' ? `$${value.toFixed(2)}` : `${value.toFixed(2)} ${currency}`;
};

/** "ADOBE *CREATIVE CLD 800-833-6687 CA" → "ADOBE *CREATIVE CLD": enough to recognise it on a phone. */
const shortPayee = (payee: string) => {
  const words = payee.replace(/\s+/g, ' ').trim().split(' ');
  let short = '';
  for (const word of words) {
    if ((short + ' ' + word).trim().length > 22) break;
    short = `${short} ${word}`.trim();
  }
  return short || payee.slice(0, 22);
};

/** One question as a line: "1 ADOBE *CREATIVE CLD 12/01 $52.99: a) Software b) Meals", the same in a text and an email. */
export const questionLine = (q: TextedQuestion) => {
  const [, month, day] = q.date.split('-');
  const choices = q.choices.map((choice, i) => `${CHOICE_LETTERS[i]}) ${choice.name}`).join(' ');
  return `${q.number} ${shortPayee(q.payee)} ${month}/${day} ${money(q.amount, q.currency)}${choices ? `: ${choices}` : ''}`;
};

/**
 * The questions as one text: the firm's name, each question numbered with its payee, date, amount and
 * lettered likely categories, and how to answer. Nothing else: no company name, no balance, no link
 * (a reply of "?" asks for one), so a stranger reading the phone learns as little as possible.
 */
export const questionsText = (firmName: string, questions: readonly TextedQuestion[], more: number) =>
  [
    `${firmName}: what were these?`,
    ...questions.map(questionLine),
    `Reply like "1a" or "1 meals"${questions.length > 1 ? ', several at once' : ''}.${more > 0 ? ` ${more} more after these.` : ''} ? for a link, STOP to stop.`,
  ].join('\n');

/** Questions asked again after an unclear reply: the same numbers, the likely categories lettered anew. */
export const askAgainText = (firmName: string, questions: readonly TextedQuestion[]) =>
  [`${firmName}: we could not tell for these. Which one?`, ...questions.map(questionLine), 'Reply like "2a". ? for a link.'].join('\n');

/** What Herd texts back about a reply. */
export const TEXT_ANSWER_REPLIES = {
  answered: (count: number, firmName: string) => `Thanks! ${count === 1 ? 'Your answer is' : `${count} answers are`} with ${firmName}.`,
  changedMeanwhile: (numbers: readonly number[]) =>
    `${numbers.length === 1 ? `Question ${numbers[0]} was` : `Questions ${numbers.join(', ')} were`} answered or changed in Herd since we asked, so we left ${numbers.length === 1 ? 'it' : 'them'} as ${numbers.length === 1 ? 'it is' : 'they are'}.`,
  unreadable: 'Sorry, we could not read that. Reply with the question number and a letter, like "1a", or ? for a link.',
  stopped: 'You will get no more texts from Herd. Reply START to get them again.',
  started: 'Texts from Herd are back on. Reply STOP to stop.',
  help: (firmName: string) => `Herd texts questions from ${firmName}. Reply like "1a" or "1 meals" to answer, ? for a link, STOP to stop. Msg&data rates may apply.`,
  link: (url: string) => `Your sign-in link (works once): ${url}`,
  notTexting: 'Texts from Herd are off for this number. Reply START to turn them on.',
} as const;
