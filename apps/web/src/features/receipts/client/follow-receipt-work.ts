/**
 * After a receipt is handed over the server reads it (seconds of OCR) and then matches it to a charge
 * (another job a moment later). The client's lists and counters ask again while that goes on, so
 * the person sees the reading and the match arrive without reloading, as the transactions' lists
 * follow a publish.
 */

/** How often a list asks again while the server works on the company's receipts. */
export const RECEIPT_POLL_MS = 3000;
/** How long after the last sign of work (an upload, an edit, an unread receipt) the lists keep asking: matching follows reading. */
export const RECEIPT_WORK_WINDOW_MS = 60_000;

const lastWorkAt = new Map<number, number>();

/** The server has work on this company's receipts from now on (an upload or an edit queues reading or matching). */
export const noteReceiptWork = (companyPk: number, now = Date.now()) => {
  lastWorkAt.set(companyPk, now);
};

/**
 * A `refetchInterval` for one of the company's receipt queries: poll while `busy` says the answer
 * shows unfinished work, and for a while after the last such sign, then stop.
 */
export const followReceiptWork =
  <T>(companyPk: number, busy: (data: T) => boolean) =>
  (query: { state: { data: T | undefined } }): number | false => {
    const now = Date.now();
    const data = query.state.data;
    if (data !== undefined && busy(data)) noteReceiptWork(companyPk, now);
    const last = lastWorkAt.get(companyPk);
    return last !== undefined && now - last < RECEIPT_WORK_WINDOW_MS ? RECEIPT_POLL_MS : false;
  };
