import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import { messages } from '@herd/contract';
import { ValidationError } from '../../../lib/errors.js';

/**
 * zxcvbn's score 3 ("safely unguessable") at least: it refuses common
 * passwords, repeats, sequences, keyboard walks and dictionary words with
 * trivial changes. Its dictionaries ship inside the packages; nothing is fetched.
 */
const MIN_SCORE = 3;

let checker: ZxcvbnFactory | null = null;
const zxcvbn = () =>
  (checker ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
  }));

export interface PasswordOwner {
  email: string;
  firstName: string;
  lastName: string;
  /** Their firm's name, and for a client the names of their companies. */
  companyNames?: readonly string[];
}

/** What an attacker aiming at this person knows: their email and its parts, their names alone and together, their companies. */
const personalWords = (owner: PasswordOwner): string[] => {
  const values = [
    owner.email,
    owner.firstName,
    owner.lastName,
    `${owner.firstName} ${owner.lastName}`,
    `${owner.firstName}${owner.lastName}`,
    ...(owner.companyNames ?? []),
  ];
  return [...new Set(values.flatMap((value) => [value, ...value.split(/[@.\s_-]+/)]).filter((word) => word.trim().length >= 3))];
};

/** Lower case letters and digits only, accents dropped: "Ledger & Co." and "ledgerco" are the same words. */
const squash = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * Whether the password holds the person's first or last name, their email's name part (before the @) or a
 * company's name (or its first word), whatever the case, accents, spaces or punctuation. zxcvbn only lowers the score of such a
 * password, and a long one still passes ("Quinn-marble-otter-62" for Quinn), so it is refused outright. A
 * term of four characters or more counts anywhere; a shorter one ("Pat", "Al") only as a word of its own, so
 * "compatible" is not refused for Pat.
 */
const holdsPersonalTerm = (password: string, owner: PasswordOwner): boolean => {
  const whole = squash(password);
  const words = password.split(/[^\p{L}\p{N}]+/u).map(squash);
  // A company counts whole and by its first word, usually the distinctive one ("Brightwater" of "Brightwater Books").
  const companies = (owner.companyNames ?? []).flatMap((name) => [name, ...[name.trim().split(/\s+/)[0] ?? ''].filter((word) => squash(word).length >= 4)]);
  const terms = [owner.firstName, owner.lastName, owner.email.split('@')[0] ?? '', ...companies].map(squash).filter((t) => t.length >= 2);
  return terms.some((term) => (term.length >= 4 ? whole.includes(term) : words.includes(term)));
};

/**
 * Refuses a new password that is too easy to guess ("ada.admin-2024" is weak for Ada Admin), or that holds
 * the person's name, email or company, as a field error of `field`.
 */
export const assertStrongPassword = async (field: string, label: string, password: string, owner: PasswordOwner): Promise<void> => {
  const inputs = personalWords(owner);
  const { score } = await zxcvbn().checkAsync(password, inputs);
  if (score < MIN_SCORE) throw ValidationError.field(field, messages.tooWeak(label));
  if (holdsPersonalTerm(password, owner)) throw ValidationError.field(field, messages.personalPassword(label));
};
