import { and, eq, inArray } from 'drizzle-orm';
import type { ReceiptReasons } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { receiptMatches, receipts, transactions } from '../../../db/schema/index.js';
import { restrictionWhere } from '../../../kernel/account-scope.js';
import type { Actor } from '../../../kernel/actor.js';
import { toReceipt } from './receipt.view.js';
import { receiptAccess, type ReceiptScope } from './receipt-scope.service.js';
import { findFullReceipts, findReceipts, type ReceiptRow } from './receipts.queries.js';
import type { AppDeps } from '../../../app-deps.js';

type Passed = ReceiptReasons['passed_over'][number];
type Charge = Passed['transaction'];

/** The receipt's pairings (the receipt is the firm's: the join keeps the tenant in the WHERE). */
const pairingsOf = (db: Db, receipt: ReceiptRow) =>
  db
    .select({
      transactionId: receiptMatches.transactionId,
      score: receiptMatches.score,
      parts: receiptMatches.parts,
      state: receiptMatches.state,
      decision: receiptMatches.decision,
    })
    .from(receiptMatches)
    .innerJoin(receipts, eq(receipts.pk, receiptMatches.receiptId))
    .where(and(eq(receiptMatches.receiptId, receipt.pk), eq(receipts.firmId, receipt.firmId)));

/** These charges of the receipt's company that the person may see (a restricted client only their accounts'). */
const visibleCharges = async (db: Db, scope: ReceiptScope, pks: number[]): Promise<Map<number, Charge>> => {
  if (scope.access === null || pks.length === 0) return new Map();
  const rows = await db
    .select({
      pk: transactions.pk,
      date: transactions.date,
      amount: transactions.amount,
      currency: transactions.currency,
      payee: transactions.payee,
      description: transactions.description,
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.clientCompanyId, scope.access.company.pk),
        inArray(transactions.pk, pks),
        restrictionWhere(scope.access.restrictions, { paymentAccountId: transactions.paymentAccountId, watchedAccountId: transactions.watchedAccountId }),
      ),
    );
  return new Map(rows.map((r) => [r.pk, r]));
};

/** The earlier receipt a duplicate repeats, when the person sees it, and whether it is the very same file. */
const twinOf = async (db: Db, scope: ReceiptScope, receipt: ReceiptRow): Promise<ReceiptReasons['twin']> => {
  if (receipt.duplicateOfId === null) return null;
  const [visible] = await findReceipts(db, scope.home, scope.viewer, [receipt.duplicateOfId]);
  if (!visible) return null;
  const full = await findFullReceipts(db, receipt.firmId, [receipt.pk, visible.pk]);
  const own = full.find((f) => f.receipt.pk === receipt.pk);
  const twin = full.find((f) => f.receipt.pk === visible.pk);
  return twin ? { receipt: toReceipt(twin), same_file: own?.file.sha256 === twin.file.sha256 } : null;
};

/**
 * `receipt/{receiptPk}/reasons/`: why the receipt is matched as it is and what lost. The matched
 * pairing's parts and whether Herd or a person matched it, as written when the match was made
 * (`receipt_matches.decision`; a match made before that was kept says `recorded: false`); the
 * charges that lost then and those a person turned down, each with its score and why; and the
 * earlier receipt a duplicate repeats. Only charges the person may see are named: a matched charge
 * outside a restricted client's accounts gives no reasons at all (its words quote its payee).
 */
export const receiptReasons = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { receiptPk }: { receiptPk: number }): Promise<ReceiptReasons> => {
  const { scope, receipt } = await receiptAccess(db, actor, receiptPk);
  const pairings = await pairingsOf(db, receipt);
  const accepted = receipt.transactionId === null ? undefined : pairings.find((p) => p.state === 'ACCEPTED' && p.transactionId === receipt.transactionId);
  const decision = accepted?.decision ?? null;
  const lost: { transaction: number; score: number; parts: Passed['parts']; why: Passed['why'] }[] = [
    ...(decision?.passedOver ?? []).map((p) => ({ ...p, why: decision!.automatic ? ('LOWER_SCORE' as const) : ('NOT_CHOSEN' as const) })),
    ...pairings.filter((p) => p.state === 'REJECTED').map((p) => ({ transaction: p.transactionId, score: p.score, parts: p.parts, why: 'TURNED_DOWN' as const })),
  ];
  const charges = await visibleCharges(db, scope, [...(receipt.transactionId === null ? [] : [receipt.transactionId]), ...lost.map((l) => l.transaction)]);
  const seen = new Set<number>();
  const passedOver = lost.flatMap((l) => {
    const charge = charges.get(l.transaction);
    if (!charge || seen.has(l.transaction)) return [];
    seen.add(l.transaction);
    return [{ transaction: charge, score: l.score, parts: l.parts, why: l.why }];
  });
  const matched = receipt.transactionId !== null && charges.has(receipt.transactionId);
  return {
    receipt: receipt.pk,
    match: matched
      ? {
          transaction: receipt.transactionId!,
          // A charge a person picked that was never scored keeps no score worth showing.
          score: accepted && accepted.parts.length > 0 ? accepted.score : null,
          parts: accepted?.parts ?? [],
          automatic: decision?.automatic ?? null,
          recorded: decision !== null,
        }
      : null,
    passed_over: matched || receipt.transactionId === null ? passedOver : [],
    twin: await twinOf(db, scope, receipt),
  };
};
