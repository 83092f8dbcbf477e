/**
 * What a client's reply to numbered questions says, before any category is looked up: a keyword a
 * carrier requires (STOP, START, HELP), a request for the sign-in link, or answers by number. The
 * same reading serves a text and an email reply (`docs/answers-by-text-and-email.md`).
 *
 * An answer is the text between one question's number and the next: a lone letter picks that
 * lettered choice ("1a", "1 b", "2) c", "#3-a"), anything else is words to match to a category
 * ("2 meals", "3 was personal"). A number is read as a question's only when such a question was
 * asked, so "2 lunch for 4 people" keeps its 4 when only two questions were asked.
 */

export type ReplyCommand = 'STOP' | 'START' | 'HELP' | 'LINK';

export type ReplyAnswer = { question: number; letter: string } | { question: number; words: string };

export type ReadReply = { kind: 'command'; command: ReplyCommand } | { kind: 'answers'; answers: ReplyAnswer[] } | { kind: 'unreadable' };

/**
 * The keywords carriers require a sender to honour (and Twilio's own list), with the Spanish a
 * client may use. Only a reply that is the keyword alone is one: "stop by the bank" is not.
 */
const COMMANDS: Record<string, ReplyCommand> = {
  stop: 'STOP',
  stopall: 'STOP',
  unsubscribe: 'STOP',
  cancel: 'STOP',
  end: 'STOP',
  quit: 'STOP',
  revoke: 'STOP',
  optout: 'STOP',
  alto: 'STOP',
  baja: 'STOP',
  start: 'START',
  unstop: 'START',
  yes: 'START',
  help: 'HELP',
  info: 'HELP',
  ayuda: 'HELP',
  '?': 'LINK',
  link: 'LINK',
  enlace: 'LINK',
  url: 'LINK',
};

/** The choices' letters, in order: a question never offers more than three. */
export const CHOICE_LETTERS = ['a', 'b', 'c'] as const;

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Lines a mail or phone adds under a reply: a signature, "Sent from my iPhone", the quoted message. */
const withoutTrailers = (text: string) =>
  text
    .split(/\r?\n/)
    .filter((line) => !/^\s*>/.test(line))
    .join('\n')
    .split(/\n\s*(?:--\s*$|sent from my |enviado desde mi |get outlook for |on .{4,80} wrote:)/im)[0]!;

const commandOf = (text: string): ReplyCommand | null => {
  const word = text
    .toLowerCase()
    .replace(/[\s.!¡¿]+/g, '')
    .replace(/-/g, '');
  if (/^\?+$/.test(word)) return 'LINK';
  return COMMANDS[word] ?? null;
};

/**
 * A question's number where one can start: at the start, after a space or punctuation, or right
 * after another answer's letter ("1b2a"); "#2", "2)", "2.", "2:", "2-", "2=" all do. A number that
 * counts something ("$40", "4 people", "2x", "50%") is not a question's.
 */
const NUMBER = /(?:^|(?<=[\s,;/(])|(?<=\d[a-c]))#?(\d{1,2})(?![\d%x]|\s*(?:people|persons|personas|guests|of us|pax)\b)(?=[\s).:=\-–,;]|[a-z]|$)\s*[).:=\-–]?\s*/giu;

/**
 * A choice letter, with the punctuation people put around it ("a", "a)", "(b)", "c.", "B!"), alone or
 * followed only by thanks ("b thanks!", "c. Thank you", "a 👍", "b gracias").
 */
const LETTER = /^\(?([a-c])\)?[.!,;:]*(?:\s+(?:thanks?(?: you)?|thx|ty|gracias|please|pls|ok|👍|🙏|😊|✅)[.!]*)*$/iu;

const answerOf = (question: number, text: string): ReplyAnswer | null => {
  const said = squeeze(text.replace(/^[\s,;:.\-–]+|[\s,;.\-–]+$/g, ''));
  if (said === '') return null;
  const letter = LETTER.exec(said);
  if (letter) return { question, letter: letter[1]!.toLowerCase() };
  return { question, words: said };
};

/**
 * Reads a reply to numbered questions: `asked` is their numbers (1 to n, or the few asked again),
 * or how many were asked. With one question asked, a reply without its number answers it ("a",
 * "software"); with several, a reply that names no number is unreadable rather than guessed at.
 * `numbered`: words without a number answer nothing even to one question (an email's prose is a
 * note), though a lone letter still does.
 */
export const readReply = (reply: string, asked: number | readonly number[], { numbered = false } = {}): ReadReply => {
  const numbers = typeof asked === 'number' ? Array.from({ length: asked }, (_, i) => i + 1) : asked;
  const questionCount = numbers.length;
  const text = squeeze(withoutTrailers(reply));
  const command = commandOf(text);
  if (command) return { kind: 'command', command };
  if (text === '' || questionCount === 0) return { kind: 'unreadable' };
  const seen = new Set<number>();
  // A number is a question's once: the first time it is named; later it is part of what was said.
  const starts = [...text.matchAll(NUMBER)].filter((m) => {
    const n = Number(m[1]);
    if (!numbers.includes(n) || seen.has(n)) return false;
    seen.add(n);
    return true;
  });
  if (starts.length === 0) {
    const single = questionCount === 1 ? answerOf(numbers[0]!, text) : null;
    if (single && numbered && !('letter' in single)) return { kind: 'unreadable' };
    return single ? { kind: 'answers', answers: [single] } : { kind: 'unreadable' };
  }
  const answers: ReplyAnswer[] = [];
  for (const [i, start] of starts.entries()) {
    const from = start.index + start[0].length;
    const to = starts[i + 1]?.index ?? text.length;
    const answer = answerOf(Number(start[1]), text.slice(from, to));
    if (answer) answers.push(answer);
  }
  return answers.length > 0 ? { kind: 'answers', answers } : { kind: 'unreadable' };
};
