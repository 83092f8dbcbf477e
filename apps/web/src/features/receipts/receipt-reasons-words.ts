import { RECEIPT_AUTO_MATCH, RECEIPT_MATCH_WEIGHTS, type ReceiptReasons, type ReceiptSuggestion } from '@herd/contract';

/**
 * A match's reasons in plain words, for both drawers: each part of the score with what it may
 * reach (its weight), whether Herd or a person matched, and why the other charges lost. Scores are
 * written as points out of 1 with two decimals ("0.80"), the form the parts' weights take.
 */

const PART_NAMES: Record<string, string> = { AMOUNT: 'Amount', DATE: 'Date', VENDOR: 'Vendor', CURRENCY: 'Currency' };

export const points = (n: number): string => n.toFixed(2);

/** One part as a line: its name, its points out of its weight, and its reason ("Amount · 0.45 of 0.45 · amount matches exactly (29.67 USD)"). */
export const partLine = (part: { kind: string; points: number; words: string }): { name: string; weight: string; words: string } => {
  const weight = RECEIPT_MATCH_WEIGHTS[part.kind];
  return {
    name: PART_NAMES[part.kind] ?? part.kind,
    weight: weight === undefined ? points(part.points) : `${points(part.points)} of ${points(weight)}`,
    words: part.words,
  };
};

type Match = NonNullable<ReceiptReasons['match']>;

/** Who matched the receipt and why that charge, in one sentence. */
export const matchedBy = (match: Match, passedOver: ReceiptReasons['passed_over']): string => {
  if (!match.recorded) {
    return match.parts.length > 0
      ? 'Who made this match and which charges lost were not recorded: it was made before Herd kept them. How the charge scored:'
      : 'The reasons for this match were not recorded: it was made before Herd kept them.';
  }
  if (!match.automatic)
    return match.parts.length > 0 ? 'A person matched this receipt to this charge. How it scored:' : 'A person picked this charge; Herd had not scored it.';
  const next = passedOver.find((p) => p.why === 'LOWER_SCORE');
  const score = match.score === null ? '' : ` It scored ${points(match.score)} of 1`;
  const ahead = match.score === null ? '' : next ? `, ${points(match.score - next.score)} ahead of the next charge:` : ', and no other charge came close:';
  return `Herd matched it by itself: Herd does so only when a charge scores at least ${points(RECEIPT_AUTO_MATCH.auto)} and at least ${points(RECEIPT_AUTO_MATCH.margin)} more than any other.${score}${ahead}`;
};

/** Why another charge lost, in words. */
export const whyLost = (p: ReceiptReasons['passed_over'][number], matchScore: number | null): string => {
  if (p.why === 'TURNED_DOWN') return 'Turned down: someone said it is not this receipt’s charge, so it is never offered again.';
  if (p.why === 'NOT_CHOSEN') return `Offered too (it scored ${points(p.score)}); another charge was picked.`;
  const behind = matchScore === null ? '' : `, ${points(matchScore - p.score)} below the match`;
  return `Scored ${points(p.score)}${behind}.`;
};

/**
 * Why Herd asks instead of matching by itself, from the charges it offers (best first): the best
 * is not sure enough, or another is too close to it; null when it would match (a person's look
 * never matches by itself) or nothing is offered.
 */
export const whyAsking = (suggestions: readonly ReceiptSuggestion[]): string | null => {
  const [best, next] = suggestions;
  if (!best) return null;
  if (best.score < RECEIPT_AUTO_MATCH.auto) {
    return `Herd did not match it by itself: the surest charge scores ${points(best.score)}, and Herd matches by itself only from ${points(RECEIPT_AUTO_MATCH.auto)}.`;
  }
  if (next && best.score - next.score < RECEIPT_AUTO_MATCH.margin) {
    return `Herd did not match it by itself: two charges score ${points(best.score)} and ${points(next.score)}, too close to tell apart (Herd needs ${points(RECEIPT_AUTO_MATCH.margin)} between them).`;
  }
  return null;
};
