import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { csvExportEndpoints as x, transactionEndpoints as e } from '@herd/contract';
import { fastUser } from '../../../../test/dom';
import { fakeCsvCompany } from '../../../../test/fake-csv-exports';
import { renderAt } from '../../../../test/render-app';

const company = { pk: 7 };
/** Four pages of 20 past exports; one row stands for each page. */
const PAST_EXPORTS = 70;

const drawer = () => screen.findByText('Export published transactions').then((title) => title.closest('.ant-drawer') as HTMLElement);
const lastPage = (fake: ReturnType<typeof fakeCsvCompany>) => fake.callsTo(x.list, company).at(-1)!.params;

describe('the CSV export history in the address', () => {
  it('opens the drawer at the page of past exports the address names', async () => {
    const fake = fakeCsvCompany({ pastExports: PAST_EXPORTS });
    renderAt('/dashboard/accountant/categorized/7/?search=bakery&exports_open=true&exports_page=3');
    const open = await drawer();
    await within(open).findByRole('link', { name: 'Download export 3' }, { timeout: 15_000 });
    expect(fake.callsTo(x.list, company)[0]!.params).toMatchObject({ page: 3 });
    expect(within(open).getByRole('listitem', { name: '3' })).toHaveClass('ant-pagination-item-active');
    // The transaction list's own search is its own parameter, untouched by the drawer's.
    expect(fake.callsTo(e.accountantCategorized, company)[0]!.params).toMatchObject({ search: 'bakery', page: 1 });
  });

  it('writes the open drawer and a new page to the address; closing drops both, and Back opens it again', async () => {
    const fake = fakeCsvCompany({ pastExports: PAST_EXPORTS });
    const app = renderAt('/dashboard/accountant/categorized/7/?page=2');
    await fastUser().click(await screen.findByRole('button', { name: /Export$/ }, { timeout: 15_000 }));
    const open = await drawer();
    await waitFor(() => expect(app.location().search).toBe('?page=2&exports_open=true'));
    await within(open).findByRole('link', { name: 'Download export 3' });
    await fastUser().click(within(open).getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(app.location().search).toBe('?page=2&exports_open=true&exports_page=2'));
    await waitFor(() => expect(lastPage(fake)).toMatchObject({ page: 2 }));

    await fastUser().click(within(open).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(app.location().search).toBe('?page=2'));
    app.back();
    expect(app.location().search).toBe('?page=2&exports_open=true&exports_page=2');
    await waitFor(() => expect(screen.getByText('Export published transactions')).toBeVisible());
  });

  it('falls back to the first page for a tampered page, keeping the drawer open', async () => {
    const fake = fakeCsvCompany({ pastExports: PAST_EXPORTS });
    renderAt('/dashboard/accountant/categorized/7/?exports_open=true&exports_page=-2');
    await within(await drawer()).findByRole('link', { name: 'Download export 3' }, { timeout: 15_000 });
    expect(fake.callsTo(x.list, company)[0]!.params).toMatchObject({ page: 1 });
  });

  it('keeps the drawer closed when the flag is not true or false', async () => {
    const fake = fakeCsvCompany({ pastExports: PAST_EXPORTS });
    renderAt('/dashboard/accountant/categorized/7/?exports_open=maybe&exports_page=2');
    await screen.findByRole('button', { name: /Export$/ }, { timeout: 15_000 });
    expect(screen.queryByText('Export published transactions')).not.toBeInTheDocument();
    expect(fake.callsTo(x.list, company)).toHaveLength(0);
  });
});
