import { describe, expect, it } from 'vitest';
import { readReply } from './reply-reading.rule.js';

const answers = (reply: string, questions: number | number[] = 3) => {
  const read = readReply(reply, questions);
  return read.kind === 'answers' ? read.answers : read;
};

describe('reading a reply to numbered questions', () => {
  it('takes a letter after each number, however it is written', () => {
    const expected = [
      { question: 1, letter: 'a' },
      { question: 2, letter: 'b' },
      { question: 3, letter: 'c' },
    ];
    for (const reply of ['1a 2b 3c', '1A, 2B, 3C', '1) a 2) b 3) c', '1.a 2.b 3.c', '1-a\n2-b\n3-c', '#1 a #2 b #3 c', '1a2b3c', '1 a. 2 b! 3 (c)'])
      expect(answers(reply), reply).toEqual(expected);
  });

  it('keeps words as words, and a letter followed by thanks still a letter', () => {
    expect(answers('1a 2 meals 3 was personal')).toEqual([
      { question: 1, letter: 'a' },
      { question: 2, words: 'meals' },
      { question: 3, words: 'was personal' },
    ]);
    expect(answers('1 b thanks!')).toEqual([{ question: 1, letter: 'b' }]);
  });

  it('reads a number as a question only when that question was asked, and only the first time', () => {
    expect(answers('2 lunch for 4 people 3b', 5)).toEqual([
      { question: 2, words: 'lunch for 4 people' },
      { question: 3, letter: 'b' },
    ]);
    expect(answers('1 lunch, 2 of us 2 a', 3)).toEqual([
      { question: 1, words: 'lunch, 2 of us' },
      { question: 2, letter: 'a' },
    ]);
    expect(readReply('12 a', 3)).toEqual({ kind: 'unreadable' });
    // Asked again, questions keep their numbers: "3b" answers the third even when it is the only one.
    expect(answers('3b', [3])).toEqual([{ question: 3, letter: 'b' }]);
    expect(readReply('b', [3])).toEqual({ kind: 'answers', answers: [{ question: 3, letter: 'b' }] });
  });

  it('answers the only question without its number, and guesses at none of several', () => {
    expect(answers('software', 1)).toEqual([{ question: 1, words: 'software' }]);
    expect(readReply('software', 3)).toEqual({ kind: 'unreadable' });
    expect(readReply('a b c', 3)).toEqual({ kind: 'unreadable' });
  });

  it('knows the carriers’ keywords only as the whole reply, and the link by "?" or "link"', () => {
    for (const [reply, command] of [
      ['STOP', 'STOP'],
      ['stop.', 'STOP'],
      ['Unsubscribe', 'STOP'],
      ['START', 'START'],
      ['help', 'HELP'],
      ['AYUDA', 'HELP'],
      ['?', 'LINK'],
      ['link', 'LINK'],
    ] as const)
      expect(readReply(reply, 3), reply).toEqual({ kind: 'command', command });
    expect(readReply('1 stop by the bank', 3)).toEqual({ kind: 'answers', answers: [{ question: 1, words: 'stop by the bank' }] });
  });

  it('leaves out what a phone or a mailer adds under the reply', () => {
    expect(answers('1a 2a\n\nSent from my iPhone')).toHaveLength(2);
    expect(answers('1a\n-- \nMaria, 3 Main St')).toEqual([{ question: 1, letter: 'a' }]);
    expect(answers('1 b\n\nOn Mon, Dec 7, 2026 at 9:00 AM Demo Bookkeeping wrote:\n> 2 BLUE BOTTLE')).toEqual([{ question: 1, letter: 'b' }]);
  });
});

describe('reading an email reply', () => {
  it('takes numbered answers and a lone letter, but leaves prose without a number to be a note', () => {
    expect(readReply('1 software, 2 meals', 2, { numbered: true })).toEqual({
      kind: 'answers',
      answers: [
        { question: 1, words: 'software' },
        { question: 2, words: 'meals' },
      ],
    });
    expect(readReply('b', 1, { numbered: true })).toEqual({ kind: 'answers', answers: [{ question: 1, letter: 'b' }] });
    expect(readReply('Sorry, I will look tonight', 1, { numbered: true })).toEqual({ kind: 'unreadable' });
  });
});
