import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { receiptEndpoints as e, type Receipt } from '@herd/contract';
import { call } from '../../lib/api-client';
import { useSubmitMutation } from '../../lib/use-submit-mutation';
import { transactionKeys } from '../transactions/api';

/** Matching is the same on both sides: the endpoints answer whoever sees the receipt. */
export const receiptMatchKeys = {
  all: ['receipt-matches'] as const,
  suggestions: (receiptPk: number) => [...receiptMatchKeys.all, 'suggestions', receiptPk] as const,
  matched: (receiptPk: number) => [...receiptMatchKeys.all, 'matched', receiptPk] as const,
  reasons: (receiptPk: number) => [...receiptMatchKeys.all, 'reasons', receiptPk] as const,
};

/** Where each side keeps its receipt lists and counters (the accountant's and the client's). */
const RECEIPT_LIST_PREFIXES = [['receipts'], ['client-receipts']] as const;

/**
 * Whether Herd can look for this receipt's charge: it belongs to a company, is still open, is not
 * matched yet, and has the date and total the score needs.
 */
export const canLookForCharges = (receipt: Receipt): boolean =>
  receipt.client_company !== null &&
  receipt.transaction === null &&
  !receipt.is_hidden &&
  ['READY', 'PROCESSING', 'SYNC_ERROR'].includes(receipt.status) &&
  receipt.date.value !== null &&
  receipt.total.value !== null;

const findMatches = (receiptPk: number) => call(e.findMatches, { body: { receipt: receiptPk } });

/**
 * The charges that fit a receipt, the surest first. The lists do not carry a receipt's stored
 * suggestions, so the charges are scored when the receipt is opened (`matches/new/`, which also
 * keeps them as its suggestions); asking again looks at the charges that arrived since.
 */
export const useReceiptSuggestions = (receipt: Receipt) =>
  useQuery({
    // The receipt's fields are part of the key: a corrected date or total is a new look.
    queryKey: [...receiptMatchKeys.suggestions(receipt.pk), receipt.date.value, receipt.total.value, receipt.currency.value, receipt.vendor.value],
    queryFn: () => findMatches(receipt.pk),
    enabled: canLookForCharges(receipt),
    retry: false,
    staleTime: 60_000,
  });

/** The best suggestion of each of several receipts, for a bulk match: one look per receipt. */
export const useBestSuggestions = (receipts: readonly Receipt[], enabled: boolean) =>
  useQueries({
    queries: receipts.map((receipt) => ({
      queryKey: [...receiptMatchKeys.suggestions(receipt.pk), receipt.date.value, receipt.total.value, receipt.currency.value, receipt.vendor.value],
      queryFn: () => findMatches(receipt.pk),
      enabled: enabled && canLookForCharges(receipt),
      retry: false,
      staleTime: 60_000,
    })),
  });

/** The charge a matched receipt explains, as its editor shows it; null when the person may not see it. */
export const useMatchedTransaction = (receipt: Receipt) =>
  useQuery({
    queryKey: receiptMatchKeys.matched(receipt.pk),
    queryFn: () => call(e.transactionDetails, { params: { receiptPk: receipt.pk } }),
    enabled: receipt.transaction !== null,
  });

/**
 * Why a receipt is matched as it is and what lost, and the earlier receipt a duplicate repeats:
 * asked only for a matched receipt or a duplicate (an open receipt's prompt has its suggestions).
 * The matched charge is part of the key, so a new match is a new look.
 */
export const useReceiptReasons = (receipt: Receipt) =>
  useQuery({
    queryKey: [...receiptMatchKeys.reasons(receipt.pk), receipt.transaction, receipt.duplicate_of],
    queryFn: () => call(e.reasons, { params: { receiptPk: receipt.pk } }),
    enabled: receipt.transaction !== null || receipt.duplicate_of !== null,
  });

/**
 * A match moves the receipt to the completed list and attaches its file to the charge: refresh both
 * sides' lists and counters, and the charges. A matched receipt is not looked for again (the server
 * would refuse), so its suggestions are only marked stale; after a rejection they are looked for
 * again, without the charge turned down.
 */
const useRefreshAfterMatch = () => {
  const client = useQueryClient();
  return (rejected: boolean) =>
    Promise.all([
      ...RECEIPT_LIST_PREFIXES.map((queryKey) => client.invalidateQueries({ queryKey })),
      client.invalidateQueries({ queryKey: receiptMatchKeys.all, refetchType: rejected ? 'active' : 'none' }),
      client.invalidateQueries({ queryKey: transactionKeys.all }),
    ]);
};

/** "This is it" (match) or "Not this one" (reject: never suggested for this receipt again). */
export const useMatchReceipt = () => {
  const refresh = useRefreshAfterMatch();
  return useSubmitMutation({
    mutationFn: (body: { receipt: number; transaction: number; action: 'match' | 'reject' }) => call(e.match, { body }),
    onSuccess: (_receipt, body) => refresh(body.action === 'reject'),
  });
};

/** Several receipts matched to their charges at once: all or none. */
export const useBulkMatchReceipts = () => {
  const refresh = useRefreshAfterMatch();
  return useSubmitMutation({
    mutationFn: (matches: { receipt: number; transaction: number }[]) => call(e.bulkMatch, { body: { matches } }),
    onSuccess: () => refresh(false),
  });
};
