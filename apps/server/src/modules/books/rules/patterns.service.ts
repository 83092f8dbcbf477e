import type { LearnedPattern } from '@herd/contract';
import { companyAccess } from '../../../kernel/company-access.js';
import type { Actor } from '../../../kernel/actor.js';
import { merchantOfTransaction } from '../suggestions/suggestions.face.js';
import { suggestionFor } from '../suggestions/suggestions.face.js';
import { companyAccounts, firmAnswers, ownAnswers } from '../suggestions/suggestions.face.js';
import { answerTallies, vendorNames, type AnswerTally } from './patterns.queries.js';
import type { AppDeps } from '../../../app-deps.js';

/** The screen lists the most answered merchants: those a rule would save the most work on. */
export const PATTERN_LIMIT = 50;

interface Pattern {
  merchantKey: string;
  deposit: boolean;
  tallies: AnswerTally[];
  answers: number;
  accepted: number;
  last: string;
  latest: AnswerTally;
}

/** One pattern per merchant and direction, from the tallies per category. */
const patternsOf = (tallies: AnswerTally[]) => {
  const by = new Map<string, Pattern>();
  for (const t of tallies) {
    const slot = `${t.deposit}|${t.merchantKey}`;
    const p = by.get(slot) ?? { merchantKey: t.merchantKey, deposit: t.deposit, tallies: [], answers: 0, accepted: 0, last: t.last, latest: t };
    p.tallies.push(t);
    p.answers += t.answers;
    p.accepted += t.accepted;
    if (t.last > p.last) Object.assign(p, { last: t.last, latest: t });
    by.set(slot, p);
  }
  return [...by.values()].sort((a, b) => b.answers - a.answers || b.last.localeCompare(a.last) || a.merchantKey.localeCompare(b.merchantKey));
};

/**
 * What Herd learned from a company's answers, merchant by merchant: the category the suggestion job
 * would propose now (the same ranking, from the same answers), how many answers there are, how many
 * chose that category, and how many were a suggestion taken as it was. Read on demand for the
 * accountant's rules screen, for the PATTERN_LIMIT most answered merchants.
 */
export const learnedPatterns = async (
  { db }: Pick<AppDeps, 'db'>,
  actor: Actor,
  { companyPk, now = new Date() }: { companyPk: number; now?: Date },
): Promise<LearnedPattern[]> => {
  const { company } = await companyAccess(db, actor, companyPk, 'accountant');
  const patterns = patternsOf(await answerTallies(db, company.pk)).slice(0, PATTERN_LIMIT);
  if (patterns.length === 0) return [];
  const keys = [...new Set(patterns.map((p) => p.merchantKey))];
  const [own, firm, accountList] = await Promise.all([
    ownAnswers(db, company.pk, keys),
    firmAnswers(db, company.firmId, company.pk, keys),
    companyAccounts(db, company.pk),
  ]);
  const accounts = { byPk: new Map(accountList.map((a) => [a.pk, a])), all: accountList };
  const ofSlot = <T extends { merchantKey: string; deposit: boolean }>(rows: T[], p: Pattern) =>
    rows.filter((r) => r.merchantKey === p.merchantKey && r.deposit === p.deposit);
  const decided = patterns.map((p) => {
    const name = merchantOfTransaction(p.latest)?.name ?? p.merchantKey;
    return { p, name, suggestion: suggestionFor(ofSlot(own, p), ofSlot(firm, p), accounts, name, now) };
  });
  const vendors = await vendorNames(
    db,
    company.pk,
    decided.flatMap((d) => (d.suggestion?.vendorId ? [d.suggestion.vendorId] : [])),
  );
  return decided.map(({ p, name, suggestion }) => ({
    merchant_key: p.merchantKey,
    payee: name,
    direction: p.deposit ? 'DEPOSIT' : 'CHARGE',
    suggestion: suggestion
      ? {
          category: { pk: suggestion.categoryId, name: accounts.byPk.get(suggestion.categoryId)?.name ?? '' },
          vendor: suggestion.vendorId !== null ? { pk: suggestion.vendorId, name: vendors.get(suggestion.vendorId) ?? '' } : null,
          source: suggestion.source,
          confidence: Math.round(suggestion.confidence * 100) / 100,
        }
      : null,
    answers: p.answers,
    agreeing: suggestion ? p.tallies.filter((t) => t.categoryId === suggestion.categoryId).reduce((sum, t) => sum + t.answers, 0) : 0,
    accepted: p.accepted,
    last_answered: p.last,
  }));
};
