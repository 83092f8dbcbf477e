import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clientCompanyEndpoints, profileEndpoints, receiptEndpoints as e, transactionEndpoints } from '@herd/contract';
import { fastUser } from '../../../../test/dom';
import { createFakeApi, makeClientCompany, makeProfile, paginated } from '../../../../test/fake-api';
import { makeReceipt } from '../../../../test/fake-receipts';
import { renderAt } from '../../../../test/render-app';

const company = { pk: 7 };
const coffee = makeReceipt({ status: 'FINISHED_IN_HERD', source: 'EMAIL' });

/** 80 receipts in every list: one row stands for each page. */
const fakeLists = () =>
  createFakeApi()
    .answer(profileEndpoints.profile, {}, makeProfile())
    .answer(clientCompanyEndpoints.retrieve, company, makeClientCompany({ pk: 7, name: 'Sunrise Bakery LLC' }))
    .answer(transactionEndpoints.accountantCounters, company, { active: 3, categorized: 2, hidden: 0, sync_errors: 0, completed: 2, processing: 0 })
    .answer(e.accountantCounters, company, { active: 80, completed: 80, hidden: 80, duplicates: 1, unread: 0 })
    .answer(e.accountantChoices, company, { statuses: ['READY'], sources: ['WEB', 'EMAIL'], companies: [{ pk: 7, name: 'Sunrise Bakery LLC' }] })
    .answer(e.accountantActive, company, paginated([coffee], 80))
    .answer(e.accountantCompleted, company, paginated([coffee], 80))
    .answer(e.accountantHidden, company, paginated([coffee], 80))
    .answer(e.inbox, {}, paginated([{ ...coffee, client_company: null }], 80))
    .install();

type Fake = ReturnType<typeof fakeLists>;
const LISTS = [
  { name: 'active', path: '/dashboard/accountant/receipts/7/', calls: (f: Fake) => f.callsTo(e.accountantActive, company) },
  { name: 'completed', path: '/dashboard/accountant/receipts/completed/7/', calls: (f: Fake) => f.callsTo(e.accountantCompleted, company) },
  { name: 'hidden', path: '/dashboard/accountant/receipts/hidden/7/', calls: (f: Fake) => f.callsTo(e.accountantHidden, company) },
  { name: 'inbox', path: '/dashboard/accountant/receipts-inbox/', calls: (f: Fake) => f.callsTo(e.inbox, {}) },
] as const;

const selectOf = (name: string) => screen.getByRole('combobox', { name }).closest('.ant-select') as HTMLElement;
const pick = async (name: string, option: string) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name }));
  fireEvent.click(await screen.findByTitle(option));
};

describe('the accountant’s receipt lists in the address', () => {
  it.each(LISTS)('the $name list asks for the page, search, source and order of the address, and its controls show them', async ({ path, calls }) => {
    const fake = fakeLists();
    renderAt(`${path}?page=2&search=blue&source=EMAIL&ordering=-total`);
    await screen.findByText('coffee.jpg', {}, { timeout: 15_000 });
    expect(calls(fake)[0]!.params).toMatchObject({ page: 2, search: 'blue', source: 'EMAIL', ordering: '-total' });
    expect(screen.getByLabelText('Search receipts')).toHaveValue('blue');
    await waitFor(() => expect(selectOf('Source')).toHaveTextContent('Email'));
    expect(selectOf('Order')).toHaveTextContent('Largest total');
    expect(screen.getByRole('listitem', { name: '2' })).toHaveClass('ant-pagination-item-active');
  });

  it.each(LISTS)('the $name list writes a new order to the address, back at the first page, and Back returns', async ({ path, calls }) => {
    const fake = fakeLists();
    const app = renderAt(`${path}?page=3`);
    await screen.findByText('coffee.jpg', {}, { timeout: 15_000 });
    await pick('Order', 'Earliest date');
    await waitFor(() => expect(app.location().search).toBe('?ordering=date'));
    await waitFor(() => expect(calls(fake).at(-1)!.params).toMatchObject({ ordering: 'date', page: 1 }));

    app.back();
    expect(app.location().search).toBe('?page=3');
    await waitFor(() => expect(calls(fake).at(-1)!.params).toMatchObject({ ordering: '-created_at', page: 3 }));
  });

  it('writes the search to the address once typing pauses, replacing the entry so Back skips the typing', async () => {
    const fake = fakeLists();
    const app = renderAt('/dashboard/accountant/receipts/7/');
    await screen.findByText('coffee.jpg', {}, { timeout: 15_000 });
    await pick('Source', 'Upload');
    await waitFor(() => expect(app.location().search).toBe('?source=WEB'));
    await fastUser().type(screen.getByLabelText('Search receipts'), 'blue');
    await waitFor(() => expect(app.location().search).toBe('?source=WEB&search=blue'));
    await waitFor(() => expect(fake.callsTo(e.accountantActive, company).at(-1)!.params).toMatchObject({ source: 'WEB', search: 'blue' }));

    app.back();
    expect(app.location().search).toBe('');
    await waitFor(() => expect(screen.getByLabelText('Search receipts')).toHaveValue(''));
  });

  it('keeps the duplicates filter of the active list in the address', async () => {
    const fake = fakeLists();
    const app = renderAt('/dashboard/accountant/receipts/7/?duplicates=true');
    await screen.findByText('coffee.jpg', {}, { timeout: 15_000 });
    expect(fake.callsTo(e.accountantActive, company)[0]!.params).toMatchObject({ duplicates: 'true' });
    await waitFor(() => expect(selectOf('Duplicates')).toHaveTextContent('Possible duplicates'));
    await pick('Source', 'Text');
    await waitFor(() => expect(app.location().search).toBe('?duplicates=true&source=SMS'));
  });

  it.each(LISTS.filter((l) => l.name !== 'active'))(
    'the $name list, which offers no duplicates filter, does not filter by one in the address',
    async ({ path, calls }) => {
      const fake = fakeLists();
      renderAt(`${path}?duplicates=true&page=2`);
      await screen.findByText('coffee.jpg', {}, { timeout: 15_000 });
      expect(calls(fake)[0]!.params).toMatchObject({ page: 2 });
      expect(calls(fake)[0]!.params.duplicates).toBeUndefined();
    },
  );

  it('falls back to the defaults for tampered parameters, keeping the valid ones', async () => {
    const fake = fakeLists();
    renderAt('/dashboard/accountant/receipts/7/?page=-4&ordering=evil&source=FAX&duplicates=maybe&search=blue');
    await screen.findByText('coffee.jpg', {}, { timeout: 15_000 });
    const params = fake.callsTo(e.accountantActive, company)[0]!.params;
    expect(params).toMatchObject({ page: 1, page_size: 25, ordering: '-created_at', search: 'blue' });
    expect(params.source).toBeUndefined();
    expect(params.duplicates).toBeUndefined();
    expect(within(document.body).getByLabelText('Search receipts')).toHaveValue('blue');
  });
});
