import { distance } from 'fastest-levenshtein';
import { DOUBT, FILLER, MEANINGS, NAME_FILLER } from './category-words.content.js';

/**
 * Which category a client's words name, among those they may choose (`docs/answers-by-text-and-email.md`,
 * "How words become a category"). In order of trust:
 *
 * 1. the words they used before for a category, when that answer stood (`pastWords`);
 * 2. a category's own name, or a word of it ("software", "supplies"), allowing a slip of a letter
 *    or two in a longer word ("sofware", "suplies");
 * 3. what the words mean ("lunch", "gasolina", "🍔"), through `category-words.content.ts`; a
 *    meaning that fits a category only loosely answers only when the question offered it.
 *
 * It refuses to guess: words of doubt or denial ("not meals", "maybe travel"), two categories named
 * at once ("meals and travel"), or nothing close enough all answer `unclear` (with the likely ones,
 * for the question asked again) or `unknown`. A wrong answer costs the accountant more than a
 * second text costs the client.
 */

export interface Category {
  pk: number;
  name: string;
}

export type CategoryMatch = { kind: 'category'; pk: number; how: 'past' | 'name' | 'typo' | 'meaning' } | { kind: 'unclear'; likely: number[] } | { kind: 'unknown' };

/** Lower case, without accents, emoji without their variation selectors. */
export const normalizeWords = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f\ufe0f\u200d]/g, '')
    .replace(/[’']/g, '');

const tokensOf = (text: string): string[] => normalizeWords(text).match(/\p{Extended_Pictographic}|[\p{L}\p{N}]+/gu) ?? [];

/** The phrase as `pastWords` keys it: its words without filler, in order. */
export const phraseKey = (words: string) =>
  tokensOf(words)
    .filter((t) => !FILLER.has(t))
    .join(' ');

/** Letters a word may be off by and still be read: none for short words, where one letter makes another word ("pens", "pers"). */
const slack = (word: string) => (word.length >= 8 ? 2 : word.length >= 5 ? 1 : 0);

/** Two neighbouring letters swapped ("lunhc", "hotle"): one slip to a person, two edits to Levenshtein. */
const isSwap = (a: string, b: string) => {
  if (a.length !== b.length || a.length < 4) return false;
  const differ = [...a].flatMap((ch, i) => (ch === b[i] ? [] : [i]));
  return differ.length === 2 && differ[1] === differ[0]! + 1 && a[differ[0]!] === b[differ[1]!] && a[differ[1]!] === b[differ[0]!];
};

/**
 * How well a reply word names a word of a category: exactly, as its start or plural ("supply" and
 * "supplies", "subscr" and "subscriptions"; names only, where `starts` is set), or with a slip.
 */
const wordScore = (said: string, named: string, starts = true): { score: number; typo: boolean } | null => {
  if (said === named) return { score: 1, typo: false };
  const shorter = said.length < named.length ? said : named;
  const longer = said.length < named.length ? named : said;
  if (starts && shorter.length >= 4 && longer.startsWith(shorter.slice(0, Math.max(4, shorter.length - 1)))) return { score: 0.95, typo: false };
  if (isSwap(said, named) || (slack(named) > 0 && Math.abs(said.length - named.length) <= slack(named) && distance(said, named) <= slack(named)))
    return { score: 0.88, typo: true };
  return null;
};

const nameWords = (category: Category) => tokensOf(category.name).filter((t) => !NAME_FILLER.has(t));

interface Scored {
  pk: number;
  score: number;
  how: 'name' | 'typo' | 'meaning';
}

/** The best each category scores on one reply word, by name or by meaning. */
const scoreWord = (word: string, categories: readonly Category[]): Scored[] => {
  const scored: Scored[] = [];
  const meanings = MEANINGS.flatMap((meaning) => {
    // A meaning's word is read exactly or with a slip, never by its start: "uber" is not "ubereats".
    const weight = Math.max(0, ...meaning.says.map((s) => wordScore(word, s, false)?.score ?? 0));
    // A slip in a meaning's word costs less than the meaning itself: "gasolne" still means fuel.
    return weight > 0 ? [{ meaning, weight: weight === 1 ? 1 : 0.95 }] : [];
  });
  for (const category of categories) {
    const words = nameWords(category);
    let best: Scored | null = null;
    for (const named of words) {
      const hit = wordScore(word, named);
      if (hit && (!best || hit.score > best.score)) best = { pk: category.pk, score: hit.score, how: hit.typo ? 'typo' : 'name' };
    }
    for (const { meaning, weight } of meanings) {
      const strong = meaning.names.some((n) => words.includes(n));
      const weak = !strong && (meaning.also ?? []).some((n) => words.includes(n));
      // A category's own name outranks what a word means: "subscription" is "Dues & Subscriptions" before it is software.
      const score = strong ? 0.82 * weight : weak ? 0.7 * weight : 0;
      if (score > 0 && (!best || score > best.score)) best = { pk: category.pk, score, how: 'meaning' };
    }
    if (best) scored.push(best);
  }
  // A meaning that points to a category with its strongest word leaves the weaker ones out.
  const top = Math.max(0, ...scored.map((s) => s.score));
  return scored.filter((s) => s.score >= top - 0.1);
};

const ENOUGH = 0.75;
/** A meaning's weaker words (`also`), read slipped or not. */
const LOOSE = 0.65;

/**
 * The category `words` name among `categories` (what this client may choose); `choices` are the
 * question's lettered likely ones, preferred when the words fit them as well as another.
 */
export const matchCategory = (
  words: string,
  categories: readonly Category[],
  choices: readonly number[] = [],
  pastWords: ReadonlyMap<string, number> = new Map(),
): CategoryMatch => {
  const tokens = tokensOf(words);
  const known = new Set(categories.map((c) => c.pk));
  const past = pastWords.get(phraseKey(words));
  const doubt = tokens.some((t) => DOUBT.has(t));
  if (!doubt && past !== undefined && known.has(past)) return { kind: 'category', pk: past, how: 'past' };

  const meaningful = tokens.filter((t) => !FILLER.has(t) && !DOUBT.has(t));
  const ranked = rankCategories(meaningful, categories, choices);
  const likely = ranked.slice(0, 3).map((r) => r.pk);
  // Doubt or denial ("not sure", "maybe travel"): asked, with what the words point to as the likely ones.
  if (doubt) return { kind: 'unclear', likely: likely.length > 0 ? likely : [...choices] };
  const [best, next] = ranked;
  if (!best) return { kind: 'unknown' };
  // Words that only loosely mean one category ("lunch" where the chart says "Entertainment") answer when that
  // category is also one the question offered and nothing else fits: two signs agreeing.
  const agreed = best.how === 'meaning' && choices.includes(best.pk) && !next && best.score >= LOOSE;
  if (best.score < ENOUGH && !agreed) return { kind: 'unclear', likely };
  // Two categories named ("meals and travel", "wholesale supplies"), or one word nearly as good for two: asked, not chosen.
  if (next && (next.score >= ENOUGH || next.total > best.total - 0.08)) return { kind: 'unclear', likely };
  return { kind: 'category', pk: best.pk, how: best.how };
};

/** Every category the words name, best first; a category named by two words ("office supplies") counts a little more. */
const rankCategories = (meaningful: readonly string[], categories: readonly Category[], choices: readonly number[]) => {
  const totals = new Map<number, Scored & { words: number }>();
  for (const token of meaningful) {
    for (const s of scoreWord(token, categories)) {
      const had = totals.get(s.pk);
      if (!had) totals.set(s.pk, { ...s, words: 1 });
      else totals.set(s.pk, { ...(s.score > had.score ? s : had), words: had.words + 1 });
    }
  }
  return [...totals.values()].map((s) => ({ ...s, total: s.score + 0.05 * (s.words - 1) + (choices.includes(s.pk) ? 0.04 : 0) })).sort((a, b) => b.total - a.total);
};
