import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { communicationEndpoints as e, noteEndpoints, recurringEndpoints as r } from '@herd/contract';
import { paginated } from '../../../../test/fake-api';
import { fastUser, findDialog } from '../../../../test/dom';
import { renderAt } from '../../../../test/render-app';
import { localToday } from './composer-values';
import { company, fakeRequests, item, makeCommunication, makeFile, makeSchedule } from './request-fixtures';

const waiting = makeCommunication({
  pk: 1,
  overdue: true,
  due_date: '2026-11-01',
  items: [item(11, 'Bank statement', { answer_kind: 'FILES', answer_files: [makeFile(60, 'nov.pdf')], answered_at: '2026-11-21T10:00:00Z' }), item(12, 'Payroll total')],
});
const answered = makeCommunication({
  pk: 2,
  subject: 'Payroll questions',
  status: 'READY',
  answered_at: '2026-11-21T10:00:00Z',
  items: [
    item(21, 'How many employees in November?', { answer_text: 'Twelve', answered_at: '2026-11-21T10:00:00Z' }),
    item(22, 'Payroll report', { answer_kind: 'FILES', answer_files: [makeFile(71, 'payroll-nov.pdf')], answered_at: '2026-11-21T10:00:00Z' }),
    item(23, 'Anything else?', { required: false }),
  ],
  attachments: [makeFile(70, 'instructions.pdf')],
});

const openTab = async () => {
  renderAt('/dashboard/accountant/requests/7/');
  const table = await screen.findByLabelText('Active requests', {}, { timeout: 15_000 });
  await within(table).findByText('November close');
  return table;
};
const rowOf = (root: HTMLElement, text: string) => within(root).getByText(text).closest('tr')!;
const openDrawer = async (table: HTMLElement, subject: string) => {
  await fastUser().click(within(rowOf(table, subject)).getByRole('button', { name: `Open ${subject}` }));
  return findDialog(subject);
};

describe('the accountant’s requests tab', () => {
  it('lists the open requests with status in words, the due date (overdue marked), and how much is answered', async () => {
    fakeRequests([waiting, answered]);
    const table = await openTab();
    const late = rowOf(table, 'November close');
    expect(late).toHaveTextContent('Waiting on the client');
    expect(late).toHaveTextContent('Overdue');
    // One of its two required items answered: the request still waits on the client.
    expect(late).toHaveTextContent('Partly answered');
    expect(late).toHaveTextContent('1 of 2 items');
    const ready = rowOf(table, 'Payroll questions');
    expect(ready).toHaveTextContent('Waiting on you');
    expect(ready).toHaveTextContent('Answered');
    expect(ready).toHaveTextContent('2 of 3 items');
    expect(ready).not.toHaveTextContent('Overdue');
    expect(screen.getByRole('tab', { name: /Requests/ })).toHaveAttribute('aria-selected', 'true');
    const counts = screen.getByLabelText('Request counts');
    expect(within(counts).getByRole('link', { name: /^Completed \d+ requests?$/ })).toHaveAttribute('href', '/dashboard/accountant/requests/completed/7/');
    expect(within(counts).getByRole('link', { name: 'Scheduled View' })).toHaveAttribute('href', '/dashboard/accountant/requests/scheduled/7/');
  });

  it('shows the checklist with the client’s text and files in the drawer, and only the moves the status allows', async () => {
    fakeRequests([waiting, answered]);
    const table = await openTab();
    const drawer = await openDrawer(table, 'Payroll questions');
    expect(within(drawer).getByRole('link', { name: /instructions\.pdf/ })).toHaveAttribute('href', '/api/v1/storage/file/retrieve/70/');
    expect(within(drawer).getByLabelText('Item 1: How many employees in November?')).toHaveTextContent('Twelve');
    expect(within(within(drawer).getByLabelText('Item 2: Payroll report')).getByRole('link', { name: /payroll-nov\.pdf/ })).toBeInTheDocument();
    expect(within(drawer).getByLabelText('Item 3: Anything else?')).toHaveTextContent('Optional');
    const actions = within(drawer).getByRole('group', { name: 'Actions' });
    const names = within(actions)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(names).toEqual(['Accept', 'Send back', 'Cancel request', 'Hide', 'Edit']);
  });

  it('offers Clear error for a sync error, and never Send back for one the client wrote', async () => {
    const failed = makeCommunication({ pk: 1, status: 'SYNC_ERROR', sync_error: 'The ledger refused it.' });
    const fromClient = makeCommunication({ pk: 2, subject: 'Question about invoices', kind: 'NOTICE', sender: 'CLIENT', status: 'READY' });
    const fake = fakeRequests([failed, fromClient]).answer(e.accountantClearErrors, company, undefined);
    const table = await openTab();
    let drawer = await openDrawer(table, 'November close');
    expect(drawer).toHaveTextContent('The ledger refused it.');
    let actions = within(drawer).getByRole('group', { name: 'Actions' });
    expect(within(actions).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    await fastUser().click(within(actions).getByRole('button', { name: 'Clear error' }));
    await waitFor(() => expect(fake.callsTo(e.accountantClearErrors, company)).toHaveLength(1));
    expect(fake.callsTo(e.accountantClearErrors, company)[0]!.body).toEqual({ pks: [1] });

    await fastUser().click(within(drawer).getByRole('button', { name: 'Close' }));
    drawer = await openDrawer(table, 'Question about invoices');
    actions = within(drawer).getByRole('group', { name: 'Actions' });
    expect(within(actions).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(within(actions).queryByRole('button', { name: 'Send back' })).not.toBeInTheDocument();
  });

  it('accepts from the drawer, and sends back with a message that goes with the move', async () => {
    const fake = fakeRequests([waiting, answered]).answer(e.accountantUpdate, company, [answered]).answer(e.accountantBack, company, undefined);
    const table = await openTab();
    const drawer = await openDrawer(table, 'Payroll questions');
    const actions = within(drawer).getByRole('group', { name: 'Actions' });
    await fastUser().click(within(actions).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(fake.callsTo(e.accountantUpdate, company)).toHaveLength(1));
    expect(fake.callsTo(e.accountantUpdate, company)[0]!.body).toEqual({ communications: [{ pk: 2, action: 'accept' }] });
    expect(await screen.findByText('1 request accepted.')).toBeInTheDocument();

    await fastUser().click(within(actions).getByRole('button', { name: 'Send back' }));
    const dialog = await findDialog('Send 1 request back to the client');
    await fastUser().type(within(dialog).getByLabelText('Message to the client'), 'The payroll report is for October.');
    await fastUser().click(within(dialog).getByRole('button', { name: 'Send back' }));
    await waitFor(() => expect(fake.callsTo(e.accountantBack, company)).toHaveLength(1));
    expect(fake.callsTo(e.accountantBack, company)[0]!.body).toEqual({ pks: [2], message: 'The payroll report is for October.' });
  });

  it('cancels only after confirming, and shows the server’s refusal', async () => {
    const fake = fakeRequests([waiting]).answer(e.accountantUpdate, company, () => ({
      status: 400,
      data: { detail: 'Cancelling it is not possible: “November close” is finished.' },
    }));
    const table = await openTab();
    const drawer = await openDrawer(table, 'November close');
    await fastUser().click(within(within(drawer).getByRole('group', { name: 'Actions' })).getByRole('button', { name: 'Cancel request' }));
    expect(fake.callsTo(e.accountantUpdate, company)).toHaveLength(0);
    const confirm = await screen.findByText('Cancel this request?');
    await fastUser().click(within(confirm.closest('.ant-popover')! as HTMLElement).getByRole('button', { name: 'Cancel request' }));
    await waitFor(() => expect(fake.callsTo(e.accountantUpdate, company)).toHaveLength(1));
    expect(fake.callsTo(e.accountantUpdate, company)[0]!.body).toEqual({ communications: [{ pk: 1, action: 'cancel' }] });
    expect(await screen.findByText('Cancelling it is not possible: “November close” is finished.')).toBeInTheDocument();
  });

  it('accepts or hides the selected rows in one call', async () => {
    const fake = fakeRequests([waiting, answered]).answer(e.accountantUpdate, company, [waiting, answered]).answer(e.accountantHide, company, undefined);
    const table = await openTab();
    await fastUser().click(within(rowOf(table, 'November close')).getByRole('checkbox'));
    await fastUser().click(within(rowOf(table, 'Payroll questions')).getByRole('checkbox'));
    await fastUser().click(screen.getByRole('button', { name: 'Accept 2 requests' }));
    await waitFor(() => expect(fake.callsTo(e.accountantUpdate, company)).toHaveLength(1));
    expect(fake.callsTo(e.accountantUpdate, company)[0]!.body).toEqual({
      communications: [
        { pk: 1, action: 'accept' },
        { pk: 2, action: 'accept' },
      ],
    });
    await fastUser().click(within(rowOf(table, 'November close')).getByRole('checkbox'));
    await fastUser().click(screen.getByRole('button', { name: 'Hide 1 request' }));
    await waitFor(() => expect(fake.callsTo(e.accountantHide, company)).toHaveLength(1));
    expect(fake.callsTo(e.accountantHide, company)[0]!.body).toEqual({ pks: [1] });
  });

  it('writes a note in the request’s thread', async () => {
    const fake = fakeRequests([waiting]).answer(
      noteEndpoints.communicationCreate,
      { pk: 1 },
      {
        pk: 5,
        body: 'Reminder sent by phone.',
        sender: 'ACCOUNTANT',
        author: { pk: 1, name: 'Alex Accountant' },
        edited: false,
        is_mine: true,
        created_at: '2026-11-22T10:00:00Z',
        mentions: [],
        pinned: false,
      },
    );
    const table = await openTab();
    const drawer = await openDrawer(table, 'November close');
    await fastUser().type(within(drawer).getByLabelText('New note'), 'Reminder sent by phone.');
    await fastUser().click(within(drawer).getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(fake.callsTo(noteEndpoints.communicationCreate, { pk: 1 })).toHaveLength(1));
    expect(fake.callsTo(noteEndpoints.communicationCreate, { pk: 1 })[0]!.body).toEqual({ body: 'Reminder sent by phone.' });
  });
});

describe('a schedule that starts today', () => {
  it('shows its first request in the tab as soon as the schedule is saved, without a reload', async () => {
    const today = localToday();
    const first = makeCommunication({ pk: 3, subject: 'Monthly statements', author: null });
    let saved = false;
    const api = fakeRequests([])
      .answer(e.accountantActive, company, () => ({ status: 200, data: paginated(saved ? [first] : []) }))
      // The server creates today's request in the schedule's own transaction: the answer already counts it.
      .answer(r.create, {}, () => {
        saved = true;
        return { status: 201, data: makeSchedule({ start_date: today, next_occurrence: null, end_date: null, occurrences_count: 1 }) };
      });
    renderAt('/dashboard/accountant/requests/7/');
    const table = await screen.findByLabelText('Active requests', {}, { timeout: 15_000 });
    expect(await within(table).findByText('No requests here.')).toBeInTheDocument();

    await fastUser().click(screen.getByRole('button', { name: /New request/ }));
    const form = await screen.findByRole('form', { name: 'New request' }, { timeout: 10_000 });
    await fastUser().type(within(form).getByLabelText('Subject'), 'Monthly statements');
    await fastUser().type(within(form).getByLabelText('Item 1'), 'Statement');
    await fastUser().click(within(form).getByLabelText('Repeat'));
    await fastUser().click(await screen.findByTitle('Monthly'));
    await fastUser().click(within(form).getByRole('button', { name: 'Create schedule' }));

    expect(await within(table).findByText('Monthly statements', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(api.callsTo(r.create, {})).toHaveLength(1);
  });
});
