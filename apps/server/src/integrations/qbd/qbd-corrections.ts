import type { CorrectionItem, SettledCorrection } from '../../modules/books/ledger/ledger-records.port.js';
import { askOne, askQbxml, type QbxmlAsk } from './qbd-ask.js';
import { buildJournalAdd, correctionRefNumber, journalsByRefNumber, QbdUnpostableError } from './qbd-corrections-map.js';
import type { QbxmlExchange } from './qbxml-exchange.js';
import { QbdBusyError, requireSuccess, retriesLater, succeeded } from './qbxml-status.js';
import { textOf } from './qbxml-xml.js';

/** Corrections posted per round: a document is answered in one go by QuickBooks on the accountant's machine. */
const PER_DOCUMENT = 50;

/** Some of the numbers asked for have no journal: a warning, the others are in the answer. */
const SOME_NOT_FOUND = 500;

interface HeldJournal {
  txnId: string;
  txnDate: string;
}

const rejected = (item: CorrectionItem, code: string, message: string): SettledCorrection => ({ item, outcome: { kind: 'rejected', code, message } });
const posted = (item: CorrectionItem, txnId: string): SettledCorrection => ({ item, outcome: { kind: 'posted', journalExternalId: txnId } });

/** The journals QuickBooks already holds under these numbers, by number: one query for the round. */
const heldJournals = async (exchange: QbxmlExchange, refNumbers: string[]): Promise<Map<string, HeldJournal[]>> => {
  const answer = await askOne(exchange, journalsByRefNumber(refNumbers));
  if (answer.status.code !== SOME_NOT_FOUND) requireSuccess(answer.status);
  const held = new Map<string, HeldJournal[]>();
  for (const ret of answer.rets) {
    const refNumber = textOf(ret, 'RefNumber');
    held.set(refNumber, [...(held.get(refNumber) ?? []), { txnId: textOf(ret, 'TxnID'), txnDate: textOf(ret, 'TxnDate') }]);
  }
  return held;
};

/**
 * What an earlier attempt left in QuickBooks decides this one: a journal under the correction's number
 * and day is this correction, written by a run cut off before Herd heard back, so it is settled as
 * posted with that journal; one under the number on another day (the closing date moved between the
 * attempts, or someone changed it in QuickBooks) is not sent again, since a second would post the
 * answer twice, and a person decides.
 */
const settledByEarlier = (item: CorrectionItem, refNumber: string, held: HeldJournal[]): SettledCorrection | null => {
  const same = held.find((journal) => journal.txnDate === item.date);
  if (same) return posted(item, same.txnId);
  const other = held[0];
  if (!other) return null;
  return rejected(
    item,
    'HERD',
    `QuickBooks Desktop already has journal entry ${refNumber}, dated ${other.txnDate}, where Herd would post this correction on ${item.date}: Herd posted nothing, so the answer is not posted twice. If that journal is this correction, nothing is left to do; if it is not, give it another number in QuickBooks and publish again.`,
  );
};

/**
 * One round: the numbers looked up in one document, then the journals not yet in QuickBooks added in
 * one document with `continueOnError`, so each is answered on its own. A refusal is QuickBooks' own
 * code and words (a closed period, debits unequal to credits, a reference to nothing).
 */
const postRound = async (exchange: QbxmlExchange, items: CorrectionItem[]): Promise<{ settled: SettledCorrection[]; busy: QbdBusyError | null }> => {
  const settled: SettledCorrection[] = [];
  const numbered: { item: CorrectionItem; refNumber: string; add: QbxmlAsk }[] = [];
  for (const item of items) {
    try {
      numbered.push({ item, refNumber: correctionRefNumber(item.key), add: buildJournalAdd(item) });
    } catch (err) {
      if (!(err instanceof QbdUnpostableError)) throw err;
      settled.push(rejected(item, 'HERD', err.message));
    }
  }
  if (numbered.length === 0) return { settled, busy: null };
  const held = await heldJournals(
    exchange,
    numbered.map((each) => each.refNumber),
  );
  const sendable = numbered.filter(({ item, refNumber }) => {
    const earlier = settledByEarlier(item, refNumber, held.get(refNumber) ?? []);
    if (earlier) settled.push(earlier);
    return earlier === null;
  });
  if (sendable.length === 0) return { settled, busy: null };
  const answers = await askQbxml(
    exchange,
    sendable.map((each) => each.add),
    'continueOnError',
  );
  let busy: QbdBusyError | null = null;
  sendable.forEach(({ item }, i) => {
    const answer = answers[i];
    const ret = answer?.rets.find((each) => each.name === 'JournalEntryRet');
    if (!answer) settled.push(rejected(item, 'QBD', 'QuickBooks Desktop did not answer for this journal entry.'));
    else if (succeeded(answer.status) && ret) settled.push(posted(item, textOf(ret, 'TxnID')));
    else if (retriesLater(answer.status)) busy ??= new QbdBusyError(answer.status);
    else settled.push(rejected(item, String(answer.status.code), answer.status.message));
  });
  return { settled, busy };
};

/**
 * Posts corrections as journal entries, up to 50 a round, each round's results handed back before the
 * next is sent. A journal QuickBooks could not add now (a list or record in use at the office) settles
 * nothing: the round's results are handed back, then the busy error is thrown, so the module leaves
 * the rest for the next Web Connector run, whose lookup finds any journal this one wrote after all.
 */
export async function* postCorrectionsToQbd(exchange: QbxmlExchange, items: CorrectionItem[]): AsyncGenerator<SettledCorrection[]> {
  for (let i = 0; i < items.length; i += PER_DOCUMENT) {
    const { settled, busy } = await postRound(exchange, items.slice(i, i + PER_DOCUMENT));
    yield settled;
    if (busy) throw busy;
  }
}
