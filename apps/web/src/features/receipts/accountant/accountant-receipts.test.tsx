import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  clientCompanyEndpoints,
  noteEndpoints,
  profileEndpoints,
  receiptEndpoints as e,
  transactionEndpoints,
  type Receipt,
  type ReceiptCounters,
  type ReceiptSuggestion,
} from '@herd/contract';
import { fastUser, findDialog, tableShowing } from '../../../../test/dom';
import { createFakeApi, makeClientCompany, makeProfile, paginated } from '../../../../test/fake-api';
import { renderAt } from '../../../../test/render-app';

const company = { pk: 7 };
const field = <T,>(value: T | null, confidence: number | null = null, edited = false) => ({ value, confidence, edited });
const makeReceipt = (overrides: Partial<Receipt> = {}): Receipt => ({
  pk: 1,
  client_company: { pk: 7, name: 'Sunrise Bakery LLC' },
  status: 'READY',
  is_hidden: false,
  source: 'EMAIL',
  read_state: 'READ',
  read_error: null,
  file: { pk: 11, name: 'coffee.jpg', content_type: 'image/jpeg', size: 1000, url: '/api/v1/storage/file/retrieve/11/', created_at: '2026-11-20T10:00:00Z' },
  thumbnail: null,
  vendor: field('Blue Bottle', 0.92),
  date: field('2026-11-18', 0.55),
  total: field('12.50', 0.9),
  currency: field('USD', 0.9),
  note: 'Team coffee',
  uploaded_by: { pk: 3, name: 'Sam Client' },
  duplicate_of: null,
  transaction: null,
  notes_count: 0,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  ...overrides,
});
const counters: ReceiptCounters = { active: 2, completed: 1, hidden: 0, duplicates: 1, unread: 0 };
const coffee = makeReceipt();
const copy = makeReceipt({ pk: 2, source: 'WEB', duplicate_of: 1, file: { ...coffee.file, pk: 12, name: 'coffee-again.jpg' } });

const fakeReceipts = (list: Receipt[] = [coffee, copy]) =>
  createFakeApi()
    .answer(profileEndpoints.profile, {}, makeProfile())
    .answer(clientCompanyEndpoints.retrieve, company, makeClientCompany({ pk: 7, name: 'Sunrise Bakery LLC' }))
    .answer(transactionEndpoints.accountantCounters, company, { active: 3, categorized: 2, hidden: 0, sync_errors: 0, completed: 2, processing: 0 })
    .answer(e.accountantCounters, company, counters)
    .answer(e.accountantChoices, company, {
      statuses: ['READY'],
      sources: ['WEB', 'EMAIL'],
      companies: [
        { pk: 7, name: 'Sunrise Bakery LLC' },
        { pk: 8, name: 'Harbor Dental' },
      ],
    })
    .answer(e.accountantActive, company, paginated(list))
    .answer(noteEndpoints.receiptList, { pk: 1 }, [])
    .install();

const openTab = async () => {
  renderAt('/dashboard/accountant/receipts/7/');
  return tableShowing('Active receipts', 'coffee.jpg');
};
const rowOf = (root: HTMLElement, text: string) => within(root).getByText(text).closest('tr')!;

describe('the accountant’s receipts tab', () => {
  it('lists the active receipts with what was read and how sure, who sent it and how, the duplicate flag and the match state', async () => {
    fakeReceipts();
    const table = await openTab();
    const row = rowOf(table, 'coffee.jpg');
    expect(row).toHaveTextContent('Blue Bottle');
    expect(row).toHaveTextContent('92% sure');
    expect(row).toHaveTextContent('55% sure: check it');
    expect(row).toHaveTextContent('12.50 USD');
    expect(row).toHaveTextContent('Sam Client');
    expect(row).toHaveTextContent('Email');
    expect(row).toHaveTextContent('Not matched yet');
    expect(row).not.toHaveTextContent('Possible duplicate');
    expect(rowOf(table, 'coffee-again.jpg')).toHaveTextContent('Possible duplicate');
    expect(rowOf(table, 'coffee-again.jpg')).toHaveTextContent('Upload');
    const counts = screen.getByLabelText('Receipt counts');
    expect(counts).toHaveTextContent('Possible duplicates1');
    expect(within(counts).getByRole('link', { name: 'Completed 1 receipt' })).toHaveAttribute('href', '/dashboard/accountant/receipts/completed/7/');
    expect(screen.getByRole('tab', { name: /Receipts/ })).toHaveAttribute('aria-selected', 'true');
  });

  it('marks a file that could not be read, and says why on hover', async () => {
    const failed = makeReceipt({
      read_state: 'FAILED',
      read_error: 'Reading the file took longer than 30 s.',
      vendor: field(null),
      date: field(null),
      total: field(null),
    });
    fakeReceipts([failed]);
    const table = await openTab();
    const tag = within(rowOf(table, 'coffee.jpg')).getByText('Could not be read');
    await fastUser().hover(tag);
    expect(await screen.findByText('Reading the file took longer than 30 s.')).toBeInTheDocument();
  });

  it('uploads several files at once to this client, and says how many arrived', async () => {
    const fake = fakeReceipts().answer(e.create, {}, [coffee, copy]);
    await openTab();
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    expect(input).toHaveAttribute('multiple');
    await fastUser().upload(input, [new File(['a'], 'one.jpg', { type: 'image/jpeg' }), new File(['b'], 'two.pdf', { type: 'application/pdf' })]);
    await waitFor(() => expect(fake.callsTo(e.create, {})).toHaveLength(1));
    const form = fake.callsTo(e.create, {})[0]!.body as FormData;
    expect(form.get('client_company')).toBe('7');
    expect((form.getAll('file') as File[]).map((f) => f.name)).toEqual(['one.jpg', 'two.pdf']);
    expect(await screen.findByText('2 receipts uploaded.')).toBeInTheDocument();
  });

  it('edits only the changed fields, moves a receipt to another company, and puts the server’s field errors on their fields', async () => {
    let answer: 'error' | 'ok' = 'error';
    const fake = fakeReceipts().answer(e.accountantUpdate, company, () =>
      answer === 'error' ? { status: 400, data: { 'receipts.0.total': ['Total is not valid.'] } } : { status: 200, data: [coffee] },
    );
    const table = await openTab();
    await fastUser().click(within(rowOf(table, 'coffee.jpg')).getByRole('button', { name: 'Edit coffee.jpg' }));
    const drawer = await findDialog('Receipt: coffee.jpg');
    const total = within(drawer).getByLabelText(/Total/);
    await fastUser().clear(total);
    await fastUser().type(total, '12.345');
    await fastUser().click(within(drawer).getByRole('button', { name: 'Save' }));
    // Not an amount: said under the field, and not sent.
    await waitFor(() => expect(total.closest('.ant-form-item')).toHaveTextContent('At most two decimals (cents), like 12.50.'));
    expect(fake.callsTo(e.accountantUpdate, company)).toHaveLength(0);
    await fastUser().clear(total);
    await fastUser().type(total, '$1,214.25');
    await fastUser().click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('Total is not valid.')).toBeInTheDocument();
    // Under the field it belongs to, not above the form.
    expect(total.closest('.ant-form-item')).toHaveTextContent('Total is not valid.');
    expect(fake.callsTo(e.accountantUpdate, company)[0]!.body).toEqual({ receipts: [{ pk: 1, total: '1214.25' }] });

    answer = 'ok';
    await fastUser().clear(total);
    await fastUser().type(total, '13.00');
    await fastUser().click(within(drawer).getByLabelText('Client company'));
    await fastUser().click(await screen.findByTitle('Harbor Dental'));
    await fastUser().click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.callsTo(e.accountantUpdate, company)).toHaveLength(2));
    expect(fake.callsTo(e.accountantUpdate, company)[1]!.body).toEqual({ receipts: [{ pk: 1, total: '13.00', client_company: 8 }] });
    expect(await screen.findByText('Receipt saved.')).toBeInTheDocument();
  });

  it('marks a receipt done and hides one after confirming', async () => {
    const fake = fakeReceipts().answer(e.accountantUpdate, company, [coffee]).answer(e.accountantHide, company, undefined);
    const table = await openTab();
    await fastUser().click(within(rowOf(table, 'coffee.jpg')).getByRole('button', { name: 'Mark coffee.jpg done' }));
    await waitFor(() => expect(fake.callsTo(e.accountantUpdate, company)).toHaveLength(1));
    expect(fake.callsTo(e.accountantUpdate, company)[0]!.body).toEqual({ receipts: [{ pk: 1, finished: true }] });

    await fastUser().click(within(rowOf(table, 'coffee-again.jpg')).getByRole('button', { name: 'Hide coffee-again.jpg' }));
    expect(fake.callsTo(e.accountantHide, company)).toHaveLength(0);
    const confirm = await screen.findByText('Hide this receipt?');
    await fastUser().click(within(confirm.closest('.ant-popover')! as HTMLElement).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(fake.callsTo(e.accountantHide, company)).toHaveLength(1));
    expect(fake.callsTo(e.accountantHide, company)[0]!.body).toEqual({ pks: [2] });
  });
});

const suggestion = (pk: number, score: number, payee: string, words: string[]): ReceiptSuggestion => ({
  transaction: { pk, date: '2026-11-19', amount: '12.50', currency: 'USD', payee, description: '' },
  score,
  parts: words.map((w) => ({ kind: 'amount', points: 0.1, words: w })),
});
const blueBottle = suggestion(301, 0.93, 'BLUE BOTTLE #12', ['amount matches exactly (12.50 USD)', 'same day', 'same vendor: "Blue Bottle" ~ "BLUE BOTTLE #12"']);
const cornerCafe = suggestion(302, 0.55, 'SQ *CORNER CAFE', ['amount matches exactly (12.50 USD)', '5 days apart']);

describe('matching receipts to charges', () => {
  it('shows the charges that may fit in the drawer and matches the one the accountant picks', async () => {
    const fake = fakeReceipts()
      .answer(e.findMatches, {}, { suggestions: [blueBottle, cornerCafe] })
      .answer(e.match, {}, { ...coffee, transaction: 301, status: 'MATCHED_TO_PLATFORM' });
    const table = await openTab();
    await fastUser().click(within(rowOf(table, 'coffee.jpg')).getByRole('button', { name: 'Edit coffee.jpg' }));
    const drawer = await findDialog('Receipt: coffee.jpg');
    const list = await within(drawer).findByRole('list', { name: 'Suggested charges' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Strong match');
    expect(first).toHaveTextContent('same vendor: "Blue Bottle" ~ "BLUE BOTTLE #12"');
    expect(second).toHaveTextContent('Possible match');
    await fastUser().click(within(first!).getByRole('button', { name: /This is it/ }));
    await waitFor(() => expect(fake.callsTo(e.match, {})).toHaveLength(1));
    expect(fake.callsTo(e.match, {})[0]!.body).toEqual({ receipt: 1, transaction: 301, action: 'match' });
    // The list and the counters are asked again.
    await waitFor(() => expect(fake.callsTo(e.accountantActive, company).length).toBeGreaterThan(1));
    expect(fake.callsTo(e.accountantCounters, company).length).toBeGreaterThan(1);
  });

  it('matches a selection to each receipt’s best charge after showing them, leaving those without one', async () => {
    const fake = fakeReceipts()
      .answer(e.findMatches, {}, (request) => ({
        status: 200,
        data: { suggestions: (request.body as { receipt: number }).receipt === 1 ? [blueBottle, cornerCafe] : [] },
      }))
      .answer(e.bulkMatch, {}, [{ ...coffee, transaction: 301, status: 'MATCHED_TO_PLATFORM' }]);
    const table = await openTab();
    await fastUser().click(within(rowOf(table, 'coffee.jpg')).getByRole('checkbox'));
    await fastUser().click(within(rowOf(table, 'coffee-again.jpg')).getByRole('checkbox'));
    await fastUser().click(screen.getByRole('button', { name: 'Match to best suggestion' }));
    const dialog = await findDialog('Match to best suggestion');
    const plan = within(dialog).getByRole('list', { name: 'Matches to make' });
    await waitFor(() => expect(within(plan).getAllByRole('listitem')[0]).toHaveTextContent('BLUE BOTTLE #12'));
    const [first, second] = within(plan).getAllByRole('listitem');
    expect(first).toHaveTextContent('Strong match');
    expect(first).not.toHaveTextContent('CORNER CAFE');
    await waitFor(() => expect(second).toHaveTextContent('Not matched: no charge fits yet'));
    await fastUser().click(within(dialog).getByRole('button', { name: 'Match 1 receipt' }));
    await waitFor(() => expect(fake.callsTo(e.bulkMatch, {})).toHaveLength(1));
    expect(fake.callsTo(e.bulkMatch, {})[0]!.body).toEqual({ matches: [{ receipt: 1, transaction: 301 }] });
    expect(await screen.findByText('1 receipt matched.')).toBeInTheDocument();
  });

  it('shows the server’s refusal of a bulk match in its dialog', async () => {
    fakeReceipts()
      .answer(e.findMatches, {}, { suggestions: [blueBottle] })
      .answer(e.bulkMatch, {}, () => ({ status: 400, data: { detail: 'Another receipt is already matched to this transaction.' } }));
    const table = await openTab();
    await fastUser().click(within(rowOf(table, 'coffee.jpg')).getByRole('checkbox'));
    await fastUser().click(screen.getByRole('button', { name: 'Match to best suggestion' }));
    const dialog = await findDialog('Match to best suggestion');
    await fastUser().click(await within(dialog).findByRole('button', { name: 'Match 1 receipt' }));
    expect(await within(dialog).findByText('Another receipt is already matched to this transaction.')).toBeInTheDocument();
  });
});

describe('the completed and hidden receipts', () => {
  it('sends a done receipt back with the accountant’s message; one matched in the ledger cannot be sent back', async () => {
    const done = makeReceipt({ status: 'FINISHED_IN_HERD' });
    const matched = makeReceipt({ pk: 2, status: 'MATCHED_TO_PLATFORM', transaction: 40, file: { ...coffee.file, pk: 12, name: 'matched.pdf' } });
    const fake = fakeReceipts()
      .answer(e.accountantCompleted, company, paginated([done, matched]))
      .answer(e.accountantBack, company, undefined);
    renderAt('/dashboard/accountant/receipts/completed/7/');
    const table = await tableShowing('Completed receipts', 'coffee.jpg');
    expect(rowOf(table, 'matched.pdf')).toHaveTextContent('Matched');
    expect(within(rowOf(table, 'matched.pdf')).queryByRole('button', { name: /Send/ })).not.toBeInTheDocument();
    await fastUser().click(within(rowOf(table, 'coffee.jpg')).getByRole('button', { name: 'Send coffee.jpg back' }));
    const dialog = await findDialog('Send 1 receipt back to the client');
    await fastUser().type(within(dialog).getByLabelText('Message to the client'), 'Which project was this for?');
    await fastUser().click(within(dialog).getByRole('button', { name: 'Send back' }));
    await waitFor(() => expect(fake.callsTo(e.accountantBack, company)).toHaveLength(1));
    expect(fake.callsTo(e.accountantBack, company)[0]!.body).toEqual({ pks: [1], message: 'Which project was this for?' });
  });

  it('unhides a hidden receipt', async () => {
    const fake = fakeReceipts()
      .answer(e.accountantHidden, company, paginated([makeReceipt({ is_hidden: true })]))
      .answer(e.accountantUnhide, company, undefined);
    renderAt('/dashboard/accountant/receipts/hidden/7/');
    const table = await tableShowing('Hidden receipts', 'coffee.jpg');
    await fastUser().click(within(table).getByRole('button', { name: 'Unhide coffee.jpg' }));
    await waitFor(() => expect(fake.callsTo(e.accountantUnhide, company)).toHaveLength(1));
    expect(fake.callsTo(e.accountantUnhide, company)[0]!.body).toEqual({ pks: [1] });
  });
});

describe('the firm’s receipts inbox', () => {
  it('is in the side menu and gives a receipt to one of the firm’s clients', async () => {
    const waiting = makeReceipt({ client_company: null, source: 'WEB' });
    const fake = fakeReceipts()
      .answer(clientCompanyEndpoints.list, {}, paginated([makeClientCompany({ pk: 7, name: 'Sunrise Bakery LLC' }), makeClientCompany({ pk: 8, name: 'Harbor Dental' })]))
      .answer(e.inbox, {}, paginated([waiting]))
      .answer(e.inboxUpdate, {}, [makeReceipt({ client_company: { pk: 8, name: 'Harbor Dental' } })]);
    renderAt('/dashboard/accountant/receipts-inbox/');
    const table = await tableShowing('Receipts inbox', 'coffee.jpg');
    expect(within(screen.getByRole('menu', { name: 'Main' })).getByText('Receipts inbox')).toBeInTheDocument();
    await fastUser().click(within(table).getByLabelText('Give coffee.jpg to'));
    await fastUser().click(await screen.findByTitle('Harbor Dental'));
    await waitFor(() => expect(fake.callsTo(e.inboxUpdate, {})).toHaveLength(1));
    expect(fake.callsTo(e.inboxUpdate, {})[0]!.body).toEqual({ receipts: [{ pk: 1, client_company: 8 }] });
    expect(await screen.findByText('coffee.jpg given to Harbor Dental.')).toBeInTheDocument();
  });
});
