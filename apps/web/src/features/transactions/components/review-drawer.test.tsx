import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  clientCompanyEndpoints,
  noteEndpoints,
  profileEndpoints,
  refEndpoints as r,
  ruleEndpoints,
  transactionEndpoints as e,
  type HistoryEntry,
  type Transaction,
  type TransactionHistory,
} from '@herd/contract';
import { fastUser, findDialog } from '../../../../test/dom';
import { createFakeApi, makeClientCompany, makeProfile } from '../../../../test/fake-api';
import { fakeClientInbox, INBOX_PATH } from '../../../../test/fake-inbox';
import { makeTransaction, transactionPage } from '../../../../test/fake-transactions';
import { renderAt } from '../../../../test/render-app';

const company = { pk: 7 };
const cleo = { pk: 40, name: 'Cleo Client', side: 'client' as const };
const alex = { pk: 3, name: 'Alex Smith', side: 'accountant' as const };
const at = { answered: '2026-11-02T12:00:00.000Z', back: '2026-11-01T12:00:00.000Z', first: '2026-10-31T12:00:00.000Z', published: '2026-11-03T12:00:00.000Z' };
const entry = (pk: number, action: HistoryEntry['action'], when: string, actor: HistoryEntry['actor'], moves: Partial<HistoryEntry> = {}): HistoryEntry => ({
  pk,
  action,
  at: when,
  actor,
  from: null,
  to: null,
  message: '',
  viewing_as_client: false,
  changed: [],
  via: null,
  ...moves,
});
const ANSWERED_TWICE = [
  entry(1, 'transaction.categorize', at.first, cleo, { from: 'READY', to: 'FINISHED_IN_HERD' }),
  entry(2, 'transaction.back', at.back, alex, { from: 'FINISHED_IN_HERD', to: 'READY', message: 'Which meeting was this?' }),
  entry(3, 'transaction.categorize', at.answered, cleo, { from: 'READY', to: 'FINISHED_IN_HERD', changed: ['category', 'class', 'memo'] }),
];

/**
 * The accountant's categorized list holding one transaction and its history;
 * `state` changes what the list and the history answer next (after a publish).
 */
const fakeReview = (state: { transaction: Transaction; history: TransactionHistory }, connection_kind: TransactionHistory['connection_kind'] = 'CSV') =>
  createFakeApi()
    .answer(profileEndpoints.profile, {}, makeProfile())
    .answer(clientCompanyEndpoints.retrieve, company, makeClientCompany({ connection_kind }))
    .answer(e.accountantCounters, company, { active: 0, categorized: 1, hidden: 0, sync_errors: 0, completed: 1, processing: 0 })
    .answer(e.choices, company, { statuses: [], types: [], subtypes: [], directions: [], markers: [], payment_accounts: [] })
    .answer(e.accountantCategorized, company, () => ({ status: 200, data: transactionPage([state.transaction]) }))
    .answer(e.history, { ...company, transactionPk: 102 }, () => ({ status: 200, data: state.history }))
    .answer(r.accountantCategories, company, [])
    .answer(r.vendors, company, [])
    .answer(r.classes, company, [])
    .answer(r.locations, company, [])
    .answer(r.taxes, company, [])
    .answer(r.trackingCategories, company, [])
    .answer(noteEndpoints.transactionList, { pk: 102 }, [])
    .install();

const meals = { pk: 31, name: 'Meals & Entertainment' };
const answered = () =>
  makeTransaction({ pk: 102, payee: 'King Arthur Baking', status: 'FINISHED_IN_HERD', lines: [{ ...makeTransaction().lines[0]!, category: meals }] });
const historyOf = (overrides: Partial<TransactionHistory> = {}): TransactionHistory => ({
  status: 'FINISHED_IN_HERD',
  connection_kind: 'CSV',
  answered: { by: cleo, at: at.answered },
  published: null,
  entries: ANSWERED_TWICE,
  truncated: false,
  ...overrides,
});

/** The drawer around the editor (or its read-only view); role queries over the whole page are slow in jsdom. */
const openDrawer = async (readOnly = false) => {
  renderAt('/dashboard/accountant/categorized/7/?transaction=102');
  const body = await screen.findByTestId(readOnly ? 'transaction-read-only' : 'transaction-editor', {}, { timeout: 15_000 });
  return body.closest<HTMLElement>('.ant-drawer')!;
};

describe('the accountant’s review drawer', () => {
  it('shows the status, who answered and when, and the history with the send-back message, oldest first', async () => {
    fakeReview({ transaction: answered(), history: historyOf() });
    const drawer = await openDrawer();
    expect(within(drawer).getByText('Review', { selector: '.ant-drawer-title' })).toBeInTheDocument();
    expect(within(drawer).getByTestId('review-status')).toHaveTextContent('Categorized');
    expect(await within(drawer).findByTestId('review-answered')).toHaveTextContent('Answered by Cleo Client on Nov 2, 2026, 12:00 PM.');
    const history = within(drawer).getByTestId('review-history');
    const rows = within(history)
      .getAllByTestId('history-entry')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'AnsweredOct 31, 2026, 12:00 PMCleo Client',
      'Sent back to the clientNov 1, 2026, 12:00 PMAlex Smith“Which meeting was this?”',
      'AnsweredNov 2, 2026, 12:00 PMCleo ClientChanged the category, class and memo',
    ]);
    // Still editable: the accountant can correct the answer before publishing (role queries over the whole editor are slow in jsdom).
    expect(within(drawer).getByLabelText('Memo')).toBeEnabled();
  });

  it('says "Suggested" in the list and the drawer when the client accepted Herd’s suggestion, with a tooltip saying so', async () => {
    fakeReview({ transaction: { ...answered(), answered_from_suggestion: true }, history: historyOf() });
    const drawer = await openDrawer();
    const inDrawer = within(within(drawer).getByTestId('review-panel')).getByTestId('answer-origin');
    expect(inDrawer).toHaveTextContent('Suggested');
    const inTable = screen.getAllByTestId('answer-origin').filter((tag) => !drawer.contains(tag));
    expect(inTable).toHaveLength(1);
    fireEvent.mouseEnter(inTable[0]!);
    expect(await screen.findByText('The client accepted Herd’s suggestion for this answer.')).toBeInTheDocument();
  });

  it('says "Auto" when Herd answered by one of the firm’s rules', async () => {
    fakeReview({ transaction: { ...answered(), auto_answered: true }, history: historyOf() });
    const drawer = await openDrawer();
    expect(within(within(drawer).getByTestId('review-panel')).getByTestId('answer-origin')).toHaveTextContent('Auto');
    const inTable = screen.getAllByTestId('answer-origin').filter((tag) => !drawer.contains(tag));
    expect(inTable.map((tag) => tag.textContent)).toEqual(['Auto']);
  });

  it('"Make a rule" opens the rule form filled with the payee, the category and the vendor of the answer, and saves it for this client', async () => {
    const fake = fakeReview({ transaction: { ...answered(), merchant: 'King Arthur Baking' }, history: historyOf() });
    fake.answer(ruleEndpoints.create, company, {
      pk: 9,
      scope: 'COMPANY',
      match_text: 'king arthur baking',
      category: meals,
      account_name: 'Meals & Entertainment',
      vendor: null,
      enabled: true,
      auto_answer: false,
      auto_publish: false,
      created_by: 'Alex Smith',
      times_applied: 0,
      times_overridden: 0,
      paused_reason: null,
      created_at: at.answered,
    });
    const drawer = await openDrawer();
    await fastUser().click(within(within(drawer).getByTestId('review-panel')).getByRole('button', { name: 'Make a rule' }));
    const dialog = await findDialog('New rule');
    expect(within(dialog).getByLabelText('When the payee or description contains')).toHaveValue('king arthur baking');
    expect(within(dialog).getByText('Meals & Entertainment')).toBeInTheDocument();
    await fastUser().click(within(dialog).getByRole('button', { name: 'Save rule' }));
    await waitFor(() => expect(fake.callsTo(ruleEndpoints.create, company)).toHaveLength(1));
    expect(fake.callsTo(ruleEndpoints.create, company)[0]!.body).toEqual({ scope: 'COMPANY', match_text: 'king arthur baking', category: meals.pk, vendor: null });
    expect(await screen.findByText('Rule saved: KING ARTHUR BAKING → Meals & Entertainment')).toBeInTheDocument();
  });

  it('shows no origin tag for an answer the client wrote themselves', async () => {
    fakeReview({ transaction: answered(), history: historyOf() });
    const drawer = await openDrawer();
    expect(within(drawer).getByTestId('review-status')).toHaveTextContent('Categorized');
    expect(screen.queryByTestId('answer-origin')).not.toBeInTheDocument();
  });

  it('publishes, disabled while in flight, and then opens read-only saying when and where it was published', async () => {
    const state = { transaction: answered(), history: historyOf() };
    const fake = fakeReview(state, 'QBO');
    let release = () => {};
    fake.answer(
      e.publish,
      company,
      () => new Promise((resolve) => (release = () => resolve({ status: 200, data: { published: 1, matched: 0, rejected: 0, queued: 0, sent: [], refused: [] } }))),
    );
    const drawer = await openDrawer();
    const review = within(drawer).getByTestId('review-panel');
    await fastUser().click(within(review).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(within(review).getByRole('button', { name: /Publish/ })).toHaveClass('ant-btn-loading'));
    expect(within(review).getByRole('button', { name: 'Send back' })).toBeDisabled();
    expect(fake.callsTo(e.publish, company).map((c) => c.body)).toEqual([{ pks: [102] }]);

    state.transaction = { ...answered(), status: 'PUBLISHED_IN_PLATFORM' };
    state.history = historyOf({
      status: 'PUBLISHED_IN_PLATFORM',
      connection_kind: 'QBO',
      published: { by: alex, at: at.published },
      entries: [...ANSWERED_TWICE, entry(4, 'transaction.publish', at.published, alex, { from: 'FINISHED_IN_HERD', to: 'PUBLISHED_IN_PLATFORM' })],
    });
    release();
    expect(await screen.findByText('1 published, 0 matched, 0 refused by the ledger.')).toBeInTheDocument();
    expect(await within(drawer).findByTestId('review-published')).toHaveTextContent('Published to QuickBooks Online on Nov 3, 2026 by Alex Smith.');
    expect(within(drawer).getByTestId('review-status')).toHaveTextContent('Published');
    expect(within(drawer).getByTestId('transaction-read-only')).toHaveTextContent('Meals & Entertainment');
    expect(within(drawer).queryByTestId('transaction-editor')).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Done' })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(drawer).queryByLabelText('Memo')).not.toBeInTheDocument();
    expect(within(within(drawer).getByTestId('review-history')).getAllByTestId('history-entry').at(-1)).toHaveTextContent('Published to QuickBooks Online');
  });

  it('shows the server’s refusal of a publish and lets the accountant try again', async () => {
    const fake = fakeReview({ transaction: answered(), history: historyOf() });
    fake.answer(e.publish, company, () => ({ status: 409, data: { detail: 'Clear the sync errors of this transaction before publishing it again.' } }));
    const drawer = await openDrawer();
    const review = within(drawer).getByTestId('review-panel');
    await fastUser().click(within(review).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Clear the sync errors of this transaction before publishing it again.')).toBeInTheDocument();
    await waitFor(() => expect(within(review).getByRole('button', { name: /Publish/ })).not.toHaveClass('ant-btn-loading'));
    expect(within(review).getByRole('button', { name: /Publish/ })).toBeEnabled();
  });

  it('waits for unsaved edits before publishing, but not for a note being written', async () => {
    fakeReview({ transaction: answered(), history: historyOf() });
    const drawer = await openDrawer();
    const review = within(drawer).getByTestId('review-panel');
    fireEvent.change(within(drawer).getByLabelText('New note'), { target: { value: 'Checked with the receipt' } });
    expect(within(review).getByRole('button', { name: 'Publish' })).toBeEnabled();
    fireEvent.change(within(drawer).getByLabelText('Memo'), { target: { value: 'Team lunch' } });
    expect(within(review).getByRole('button', { name: 'Publish' })).toBeDisabled();
    expect(within(review).getByText('Save your changes first: Publish sends what is saved.')).toBeInTheDocument();
  });

  it('sends back with a message to the client and closes', async () => {
    const fake = fakeReview({ transaction: answered(), history: historyOf() });
    fake.answer(e.back, company, undefined);
    const drawer = await openDrawer();
    await fastUser().click(within(within(drawer).getByTestId('review-panel')).getByRole('button', { name: 'Send back' }));
    const dialog = await findDialog('Send 1 transaction back to the client');
    fireEvent.change(within(dialog).getByLabelText('Message to the client'), { target: { value: 'Which receipt is this?' } });
    await fastUser().click(within(dialog).getByRole('button', { name: 'Send back' }));
    await waitFor(() => expect(fake.callsTo(e.back, company)).toHaveLength(1));
    expect(fake.callsTo(e.back, company)[0]!.body).toEqual({ pks: [102], message: 'Which receipt is this?' });
    expect(await screen.findByText('Sent back to the client.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('transaction-editor')).not.toBeInTheDocument());
  });

  it('opens a matched transaction read-only, saying where it was matched', async () => {
    const matched = { ...answered(), status: 'MATCHED_TO_PLATFORM' as const };
    fakeReview({ transaction: matched, history: historyOf({ status: 'MATCHED_TO_PLATFORM', connection_kind: 'CSV', published: { by: null, at: at.published } }) });
    const drawer = await openDrawer(true);
    expect(await within(drawer).findByTestId('review-published')).toHaveTextContent('Matched in the CSV export on Nov 3, 2026.');
    expect(within(drawer).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    // A matched transaction can still go back to the client for a correction.
    expect(within(within(drawer).getByTestId('review-panel')).getByRole('button', { name: 'Send back' })).toBeInTheDocument();
  });

  it('opens a transaction published as a correction read-only, with its day, and without a way to ask again', async () => {
    const corrected = { ...answered(), status: 'PUBLISHED_IN_PLATFORM' as const, in_closed_period: true, correction: { date: '2026-11-01', ledger_id: '812' } };
    fakeReview(
      { transaction: corrected, history: historyOf({ status: 'PUBLISHED_IN_PLATFORM', connection_kind: 'QBO', published: { by: alex, at: at.published } }) },
      'QBO',
    );
    const drawer = await openDrawer(true);
    const panel = within(drawer).getByTestId('review-panel');
    expect(within(panel).getByText('Correction Nov 1, 2026')).toBeInTheDocument();
    // A second answer would post a second journal beside the first.
    expect(within(panel).queryByRole('button', { name: 'Send back' })).not.toBeInTheDocument();
  });
});

describe('the client’s side of the drawer', () => {
  it('never asks for the history and shows no review', async () => {
    const fake = fakeClientInbox([makeTransaction()]);
    renderAt(INBOX_PATH);
    fireEvent.click(await screen.findByText('Blue Bottle Coffee'));
    const panel = await screen.findByTestId('transaction-editor');
    expect(within(panel).getByRole('button', { name: 'Done' })).toBeInTheDocument();
    expect(within(panel).queryByTestId('review-panel')).not.toBeInTheDocument();
    expect(within(panel).queryByTestId('review-history')).not.toBeInTheDocument();
    expect(fake.requests.some((request) => request.path.endsWith('/history/'))).toBe(false);
  });
});
