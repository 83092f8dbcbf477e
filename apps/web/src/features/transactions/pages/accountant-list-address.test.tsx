import { clientCompanyEndpoints, profileEndpoints, transactionEndpoints as e } from '@herd/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fastUser } from '../../../../test/dom';
import { createFakeApi, makeClientCompany, makeProfile } from '../../../../test/fake-api';
import { makeTransaction, transactionPage } from '../../../../test/fake-transactions';
import { renderAt } from '../../../../test/render-app';

const company = { pk: 7 };
const coffee = makeTransaction({ status: 'FINISHED_IN_HERD' });
const flour = makeTransaction({ pk: 102, payee: 'King Arthur Baking', status: 'FINISHED_IN_HERD' });

/** 120 categorized transactions; two rows stand for every page. */
const fakeAccountant = () =>
  createFakeApi()
    .answer(profileEndpoints.profile, {}, makeProfile())
    .answer(clientCompanyEndpoints.retrieve, company, makeClientCompany())
    .answer(e.accountantCounters, company, { active: 3, categorized: 120, hidden: 1, sync_errors: 0, completed: 4, processing: 0 })
    .answer(e.choices, company, {
      statuses: ['FINISHED_IN_HERD', 'SYNC_ERROR'],
      types: ['EXPENSE', 'DEPOSIT'],
      subtypes: [],
      directions: ['COSTS', 'SALES'],
      markers: ['WITHOUT_CLASS', 'WITHOUT_VENDOR'],
      payment_accounts: [{ pk: 1, name: 'Business Checking' }],
    })
    .answer(e.accountantCategorized, company, transactionPage([coffee, flour], 120))
    .install();

const lastList = (fake: ReturnType<typeof fakeAccountant>) => fake.callsTo(e.accountantCategorized, company).at(-1)!.params;
const filters = () => screen.getByLabelText('Filters');
const selectOf = (name: string) => within(filters()).getAllByRole('combobox', { name })[0]!.closest('.ant-select') as HTMLElement;
const pickDirection = async (label: string) => {
  fireEvent.mouseDown(within(filters()).getAllByRole('combobox', { name: 'Direction' })[0]!);
  fireEvent.click(await screen.findByTitle(label));
};

describe('the accountant’s transaction lists in the address', () => {
  it('applies the filters, search, ordering and page of the address, and shows them in the controls', async () => {
    const fake = fakeAccountant();
    renderAt(`/dashboard/accountant/categorized/7/?direction=COSTS&search=king&amount_min=10&markers=WITHOUT_VENDOR&ordering=amount&page=2&page_size=50`);
    await screen.findByText('King Arthur Baking');
    expect(fake.callsTo(e.accountantCategorized, company)[0]!.params).toMatchObject({
      direction: 'COSTS',
      search: 'king',
      amount_min: '10',
      markers: 'WITHOUT_VENDOR',
      ordering: 'amount',
      page: 2,
      page_size: 50,
    });
    expect(screen.getByLabelText('Search transactions')).toHaveValue('king');
    expect(screen.getByLabelText('Minimum amount')).toHaveValue('10');
    await waitFor(() => expect(selectOf('Direction')).toHaveTextContent('Money out'));
    // The responsive tag list measures nothing in jsdom and folds every tag away: the open list says what is chosen.
    fireEvent.mouseDown(within(filters()).getByRole('combobox', { name: 'Markers' }));
    expect((await screen.findByTitle('Without vendor')).closest('.ant-select-item-option')).toHaveClass('ant-select-item-option-selected');
    expect(screen.getByTitle('Without class').closest('.ant-select-item-option')).not.toHaveClass('ant-select-item-option-selected');
    expect(screen.getByRole('listitem', { name: '2' })).toHaveClass('ant-pagination-item-active');
    expect(screen.getByRole('columnheader', { name: /Amount/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('writes a changed filter to the address, back at the first page, and Back returns to the filters before', async () => {
    const fake = fakeAccountant();
    const app = renderAt('/dashboard/accountant/categorized/7/?page=2');
    await screen.findByText('King Arthur Baking');
    // A selection made under other filters would act on rows no longer listed.
    const row = screen.getByText('King Arthur Baking').closest('tr')!;
    await fastUser().click(within(row).getByRole('checkbox'));
    expect(within(row).getByRole('checkbox')).toBeChecked();

    await pickDirection('Money in');
    await waitFor(() => expect(app.location().search).toBe('?direction=SALES'));
    await waitFor(() => expect(lastList(fake)).toMatchObject({ direction: 'SALES', page: 1 }));
    expect(within(screen.getByText('King Arthur Baking').closest('tr')!).getByRole('checkbox')).not.toBeChecked();

    app.back();
    expect(app.location().search).toBe('?page=2');
    await waitFor(() => expect(lastList(fake)).toMatchObject({ page: 2 }));
    expect(lastList(fake).direction).toBeUndefined();
    await waitFor(() => expect(selectOf('Direction')).not.toHaveTextContent('Money in'));
  });

  it('replaces the history entry while searching, so Back skips the typing', async () => {
    const fake = fakeAccountant();
    const app = renderAt('/dashboard/accountant/categorized/7/');
    await screen.findByText('King Arthur Baking');
    await pickDirection('Money out');
    await waitFor(() => expect(app.searchParams().get('direction')).toBe('COSTS'));
    await fastUser().type(screen.getByLabelText('Search transactions'), 'king');
    await waitFor(() => expect(app.location().search).toBe('?direction=COSTS&search=king'));
    await waitFor(() => expect(lastList(fake)).toMatchObject({ direction: 'COSTS', search: 'king' }));

    app.back();
    expect(app.location().search).toBe('');
    await waitFor(() => expect(screen.getByLabelText('Search transactions')).toHaveValue(''));
  });

  it('sorts by amount through the address', async () => {
    const fake = fakeAccountant();
    const app = renderAt('/dashboard/accountant/categorized/7/?page=3');
    await screen.findByText('King Arthur Baking');
    await fastUser().click(within(screen.getByRole('columnheader', { name: /Amount/ })).getByText('Amount'));
    await waitFor(() => expect(app.location().search).toBe('?ordering=-amount'));
    await waitFor(() => expect(lastList(fake)).toMatchObject({ ordering: '-amount', page: 1 }));
  });

  it('falls back to the defaults for tampered parameters, keeping the valid ones', async () => {
    const fake = fakeAccountant();
    renderAt(
      '/dashboard/accountant/categorized/7/?page=-1&page_size=9999&ordering=evil&direction=UP&payment_account=x&markers=WITHOUT_VENDOR,NOPE&date_from=soon&search=king',
    );
    await screen.findByText('King Arthur Baking');
    const params = fake.callsTo(e.accountantCategorized, company)[0]!.params;
    expect(params).toMatchObject({ page: 1, page_size: 25, ordering: '-date', search: 'king' });
    for (const key of ['direction', 'payment_account', 'markers', 'date_from']) expect(params[key]).toBeUndefined();
    expect(screen.getByLabelText('Search transactions')).toHaveValue('king');
  });

  describe('on a phone', () => {
    const realMatchMedia = window.matchMedia;
    afterEach(() => {
      window.matchMedia = realMatchMedia;
    });

    it('folds the filters behind one button that counts those in use, so the list comes first', async () => {
      window.matchMedia = ((query: string) => ({ ...realMatchMedia(query), matches: query.includes('max-width: 767') })) as typeof window.matchMedia;
      const fake = fakeAccountant();
      renderAt('/dashboard/accountant/categorized/7/?direction=COSTS&amount_min=10');
      await screen.findByText('King Arthur Baking');
      expect(within(filters()).getByLabelText('Search transactions')).toBeInTheDocument();
      expect(within(filters()).queryByLabelText('Minimum amount')).not.toBeInTheDocument();
      const unfold = within(filters()).getByRole('button', { name: /Filters/ });
      expect(unfold.closest('.ant-badge')).toHaveTextContent('2');
      await fastUser().click(unfold);
      expect(await within(filters()).findByLabelText('Minimum amount')).toHaveValue('10');
      await pickDirection('Money in');
      await waitFor(() => expect(lastList(fake)).toMatchObject({ direction: 'SALES', amount_min: '10', page: 1 }));
      await fastUser().click(within(filters()).getByRole('button', { name: /Hide filters/ }));
      expect(within(filters()).queryByLabelText('Minimum amount')).not.toBeInTheDocument();
    });
  });
});
