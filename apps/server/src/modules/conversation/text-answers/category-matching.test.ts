import { describe, expect, it } from 'vitest';
import { ASK, CATEGORIES, REPLY_CORPUS } from '../../../../test/reply-corpus.js';
import { judgeCorpus, shares } from '../../../../test/reply-judging.js';
import { matchCategory, phraseKey } from './category-matching.rule.js';

const pk = (name: string) => CATEGORIES.find((c) => c.name === name)!.pk;
const named = (words: string, choices: number[] = [], past = new Map<string, number>()) => {
  const match = matchCategory(words, CATEGORIES, choices, past);
  return match.kind === 'category' ? CATEGORIES.find((c) => c.pk === match.pk)!.name : match.kind;
};

describe('matching a client’s words to a category', () => {
  it('finds a category by its name or a word of it, in any case, with a slipped or swapped letter', () => {
    expect(named('Software')).toBe('Office Supplies & Software');
    expect(named('office supplies')).toBe('Office Supplies & Software');
    expect(named('subscription')).toBe('Dues & Subscriptions');
    expect(named('sofware')).toBe('Office Supplies & Software');
    expect(named('marketng')).toBe('Advertising & Marketing');
    expect(named('hotle')).toBe('Travel');
  });

  it('finds it by what the words mean, in English and Spanish, and by emoji', () => {
    expect(named('lunch with a supplier')).toBe('Meals & Entertainment');
    expect(named('was personal')).toBe("Owner's Draw");
    expect(named('gasolina')).toBe('Automobile:Fuel');
    expect(named('🍔')).toBe('Meals & Entertainment');
    expect(named('✈️')).toBe('Travel');
  });

  it('asks rather than guesses: doubt, denial, two categories, short near-words, or nothing close', () => {
    expect(named('not meals')).toBe('unclear');
    expect(named('maybe travel')).toBe('unclear');
    expect(named('meals and travel')).toBe('unclear');
    expect(named('wholesale supplies')).toBe('unclear');
    expect(named('pers')).toBe('unknown');
    expect(named('adobe')).toBe('unknown');
  });

  it('learns the client’s own words: a phrase they used before for a category names it again', () => {
    expect(named('adobe')).toBe('unknown');
    const past = new Map([[phraseKey('the Adobe thing'), pk('Dues & Subscriptions')]]);
    expect(named('Adobe thing', [], past)).toBe('Dues & Subscriptions');
    // A category the client may no longer choose is not answered from memory.
    expect(matchCategory('adobe thing', CATEGORIES.slice(0, 3), [], past)).toEqual({ kind: 'unknown' });
  });

  it('takes a meaning that only loosely fits one category when the question offered it, and asks otherwise', () => {
    const xero = ['Entertainment', 'Travel - National', 'Motor Vehicle Expenses'].map((name, i) => ({ pk: 900 + i, name }));
    expect(matchCategory('lunch', xero, [900, 901])).toEqual({ kind: 'category', pk: 900, how: 'meaning' });
    expect(matchCategory('lunch', xero, [901])).toEqual({ kind: 'unclear', likely: [900] });
    expect(matchCategory('gas', xero, [900, 901])).toEqual({ kind: 'unclear', likely: [902] });
  });

  it('prefers the question’s own likely choices when the words fit one of them as well as another', () => {
    const match = matchCategory('supplies and software', CATEGORIES, [pk('Office Supplies & Software')]);
    expect(match).toMatchObject({ kind: 'category', pk: pk('Office Supplies & Software') });
  });
});

describe('the reply set written for these tests (at least 200 replies)', () => {
  it('answers almost all as meant, asks again the few it cannot read, and is wrong on at most 1%', () => {
    expect(REPLY_CORPUS.length).toBeGreaterThanOrEqual(200);
    expect(REPLY_CORPUS.some((r) => Object.values(r.expected).includes(ASK))).toBe(true);
    const judged = judgeCorpus();
    const { answers, right, askedAgain, wrong } = shares(judged);
    const wrongOnes = judged.flatMap((j) => j.verdicts.filter((v) => v.verdict === 'wrong').map((v) => `${j.reply.reply} → ${v.said}`));
    expect(wrong / answers, wrongOnes.join('\n')).toBeLessThanOrEqual(0.01);
    expect(askedAgain / answers).toBeLessThanOrEqual(0.05);
    expect(right / answers).toBeGreaterThanOrEqual(0.94);
  });
});
