import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { recurringEndpoints as r } from '@herd/contract';
import { fastUser } from '../../../../test/dom';
import { paginated } from '../../../../test/fake-api';
import { renderAt } from '../../../../test/render-app';
import { company, fakeRequests, makeSchedule } from './request-fixtures';

/** 70 schedules (four pages of 20); one row stands for each page. */
const fakeScheduled = () =>
  fakeRequests([])
    .answer(r.list, company, paginated([makeSchedule()], 70))
    .answer(r.recurringList, company, []);
const table = () => screen.findByLabelText('Schedules', {}, { timeout: 15_000 });
const lastPage = (fake: ReturnType<typeof fakeScheduled>) => fake.callsTo(r.list, company).at(-1)!.params;

describe('the scheduled requests list in the address', () => {
  it('asks for the page the address names and shows it as the current page', async () => {
    const fake = fakeScheduled();
    renderAt('/dashboard/accountant/requests/scheduled/7/?page=3');
    await within(await table()).findByText('Monthly statements');
    expect(fake.callsTo(r.list, company)[0]!.params).toMatchObject({ page: 3 });
    expect(screen.getByRole('listitem', { name: '3' })).toHaveClass('ant-pagination-item-active');
  });

  it('writes a new page to the address, and Back returns to the one before', async () => {
    const fake = fakeScheduled();
    const app = renderAt('/dashboard/accountant/requests/scheduled/7/');
    await within(await table()).findByText('Monthly statements');
    await fastUser().click(screen.getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(app.location().search).toBe('?page=2'));
    await waitFor(() => expect(lastPage(fake)).toMatchObject({ page: 2 }));
    app.back();
    expect(app.location().search).toBe('');
    await waitFor(() => expect(lastPage(fake)).toMatchObject({ page: 1 }));
  });

  it('falls back to the first page for a tampered page', async () => {
    const fake = fakeScheduled();
    renderAt('/dashboard/accountant/requests/scheduled/7/?page=zero');
    await within(await table()).findByText('Monthly statements');
    expect(fake.callsTo(r.list, company)[0]!.params).toMatchObject({ page: 1 });
  });
});
