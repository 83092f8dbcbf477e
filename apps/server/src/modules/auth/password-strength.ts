import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import { messages } from '@herd/contract';
import { ValidationError } from '../../lib/errors.js';

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
  companyName?: string;
}

/** What an attacker aiming at this person knows: their email and its parts, their names alone and together, their firm. */
const personalWords = (owner: PasswordOwner): string[] => {
  const values = [owner.email, owner.firstName, owner.lastName, `${owner.firstName} ${owner.lastName}`, `${owner.firstName}${owner.lastName}`, owner.companyName ?? ''];
  return [...new Set(values.flatMap((value) => [value, ...value.split(/[@.\s_-]+/)]).filter((word) => word.trim().length >= 3))];
};

/** Refuses a new password that is too easy to guess, as a field error of `field` ("ada.admin-2024" is weak for Ada Admin). */
export const assertStrongPassword = async (field: string, label: string, password: string, owner: PasswordOwner): Promise<void> => {
  const inputs = personalWords(owner);
  const { score } = await zxcvbn().checkAsync(password, inputs);
  if (score < MIN_SCORE) throw ValidationError.field(field, messages.tooWeak(label));
};
