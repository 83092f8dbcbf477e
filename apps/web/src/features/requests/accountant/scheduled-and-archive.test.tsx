import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { communicationEndpoints as e, recurringEndpoints as r } from '@herd/contract';
import { fastUser, findDialog } from '../../../../test/dom';
import { paginated } from '../../../../test/fake-api';
import { renderAt } from '../../../../test/render-app';
import { company, fakeRequests, makeCommunication, makeSchedule } from './request-fixtures';

const monthly = makeSchedule();
const weekly = makeSchedule({
  pk: 41,
  content: { ...makeSchedule().content, kind: 'NOTICE', subject: 'Friday check-in', items: [], attachments: [] },
  frequency: 'WEEKLY',
  weekdays: ['MO', 'FR'],
  day_of_month: null,
  end_date: null,
  due_days: null,
  next_occurrence: null,
  occurrences_count: 0,
});

const fakeScheduled = () =>
  fakeRequests([])
    .answer(r.list, company, paginated([monthly, weekly]))
    .answer(r.recurringList, company, [
      { schedule: 40, occurrence_date: '2026-12-05', kind: 'REQUEST', subject: 'Monthly statements', due_date: '2026-12-10', frequency: 'MONTHLY' },
      { schedule: 40, occurrence_date: '2027-01-05', kind: 'REQUEST', subject: 'Monthly statements', due_date: '2027-01-10', frequency: 'MONTHLY' },
    ]);

const openScheduled = async () => {
  renderAt('/dashboard/accountant/requests/scheduled/7/');
  const table = await screen.findByLabelText('Schedules', {}, { timeout: 15_000 });
  await within(table).findByText('Monthly statements');
  return table;
};
const rowOf = (root: HTMLElement, text: string) => within(root).getByText(text).closest('tr')!;

describe('the scheduled requests screen', () => {
  it('says each schedule in plain words and lists the dates to come', async () => {
    fakeScheduled();
    const table = await openScheduled();
    const row = rowOf(table, 'Monthly statements');
    expect(row).toHaveTextContent('Monthly on the 5th, from Dec 1, 2026 until Jun 30, 2027');
    expect(row).toHaveTextContent('due 5 days after each date');
    expect(row).toHaveTextContent('2 sent so far');
    const other = rowOf(table, 'Friday check-in');
    expect(other).toHaveTextContent('Weekly on Monday and Friday, from Dec 1, 2026, with no end date');
    expect(other).toHaveTextContent('Ended');
    const upcoming = screen.getByRole('list', { name: 'Coming up' });
    const dates = within(upcoming).getAllByRole('listitem');
    expect(dates[0]).toHaveTextContent('Dec 5, 2026');
    expect(dates[0]).toHaveTextContent('Due Dec 10, 2026');
    expect(dates[1]).toHaveTextContent('Jan 5, 2027');
  });

  it('edits a schedule for the dates to come, sending its content whole and its files kept', async () => {
    const fake = fakeScheduled().answer(r.update, { pk: 40 }, makeSchedule({ day_of_month: 'LAST' }));
    const table = await openScheduled();
    await fastUser().click(within(rowOf(table, 'Monthly statements')).getByRole('button', { name: 'Edit Monthly statements' }));
    const drawer = await findDialog('Edit: Monthly statements');
    expect(drawer).toHaveTextContent('Changes apply to the dates still to come.');
    expect(drawer).toHaveTextContent('Requests this schedule already sent keep what they said');
    await fastUser().click(within(drawer).getByLabelText('Day of the month'));
    await fastUser().click(await screen.findByTitle('The last day'));
    await fastUser().click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.callsTo(r.update, { pk: 40 })).toHaveLength(1));
    // The start date did not move, so it is not sent (a past one would be refused).
    expect(fake.callsTo(r.update, { pk: 40 })[0]!.body).toEqual({
      content: {
        kind: 'REQUEST',
        subject: 'Monthly statements',
        text: 'Bank statements, please.',
        items: [{ label: 'Statement', answer_kind: 'FILES', required: true }],
        attachments: [90],
        w9_vendor: '',
      },
      frequency: 'MONTHLY',
      weekdays: [],
      day_of_month: 'LAST',
      end_date: '2027-06-30',
      due_days: 5,
    });
  });

  it('deletes a schedule after saying the requests it sent stay', async () => {
    const fake = fakeScheduled().answer(r.delete, { pk: 40 }, undefined);
    const table = await openScheduled();
    await fastUser().click(within(rowOf(table, 'Monthly statements')).getByRole('button', { name: 'Delete Monthly statements' }));
    expect(fake.callsTo(r.delete, { pk: 40 })).toHaveLength(0);
    const confirm = await screen.findByText('Delete this schedule?');
    const popover = confirm.closest('.ant-popover') as HTMLElement;
    expect(popover).toHaveTextContent('The requests it already sent stay, with their answers.');
    await fastUser().click(within(popover).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(fake.callsTo(r.delete, { pk: 40 })).toHaveLength(1));
    expect(await screen.findByText('Schedule deleted. The requests it sent stay.')).toBeInTheDocument();
  });
});

describe('the completed and hidden requests', () => {
  it('reopens a completed request', async () => {
    const done = makeCommunication({ status: 'FINISHED_IN_HERD', answered_at: '2026-11-21T10:00:00Z' });
    const fake = fakeRequests([])
      .answer(e.accountantCompleted, company, paginated([done]))
      .answer(e.accountantUpdate, company, [done]);
    renderAt('/dashboard/accountant/requests/completed/7/');
    const table = await screen.findByLabelText('Completed requests', {}, { timeout: 15_000 });
    const row = (await within(table).findByText('November close')).closest('tr')!;
    expect(row).toHaveTextContent('Done');
    await fastUser().click(within(row).getByRole('button', { name: 'Reopen November close' }));
    await waitFor(() => expect(fake.callsTo(e.accountantUpdate, company)).toHaveLength(1));
    expect(fake.callsTo(e.accountantUpdate, company)[0]!.body).toEqual({ communications: [{ pk: 1, action: 'reopen' }] });
  });

  it('unhides the selected hidden requests', async () => {
    const hidden = [makeCommunication({ is_hidden: true }), makeCommunication({ pk: 2, subject: 'Old notice', kind: 'NOTICE', is_hidden: true })];
    const fake = fakeRequests([]).answer(e.accountantHidden, company, paginated(hidden)).answer(e.accountantUnhide, company, undefined);
    renderAt('/dashboard/accountant/requests/hidden/7/');
    const table = await screen.findByLabelText('Hidden requests', {}, { timeout: 15_000 });
    await within(table).findByText('Old notice');
    await fastUser().click(within(rowOf(table, 'November close')).getByRole('checkbox'));
    await fastUser().click(within(rowOf(table, 'Old notice')).getByRole('checkbox'));
    await fastUser().click(screen.getByRole('button', { name: 'Unhide 2 requests' }));
    await waitFor(() => expect(fake.callsTo(e.accountantUnhide, company)).toHaveLength(1));
    expect(fake.callsTo(e.accountantUnhide, company)[0]!.body).toEqual({ pks: [1, 2] });
  });
});
