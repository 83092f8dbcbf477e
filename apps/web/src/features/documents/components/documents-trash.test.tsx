import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { documentEndpoints, documentTrashEndpoints } from '@herd/contract/endpoints/documents';
import type { DocumentItem, DocumentTrashItem } from '@herd/contract/documents';
import { createFakeApi, makeProfile } from '../../../../test/fake-api';
import { renderPage } from '../../../../test/render-app';
import { DocumentsBrowser } from './documents-browser';
import { DocumentsTrashButton } from './documents-trash';

const e = documentEndpoints.accountant;
const trashE = documentTrashEndpoints;
const company = { pk: 7 };
const trashed = (pk: number, name: string, more: Partial<DocumentTrashItem> = {}): DocumentTrashItem => ({
  pk,
  kind: 'FILE',
  name,
  accountant_only: false,
  size: 1200,
  content_type: 'application/pdf',
  was_in: null,
  deleted_at: '2026-11-03T14:05:00.000Z',
  deleted_by: 'Ada Admin',
  deleted_by_client: false,
  purge_at: '2026-12-03T14:05:00.000Z',
  ...more,
});
const live = (pk: number, name: string): DocumentItem => ({
  pk,
  kind: 'FILE',
  smart: null,
  name,
  accountant_only: false,
  read_only: false,
  size: 1200,
  content_type: 'application/pdf',
  url: `/api/v1/x/${pk}/`,
  updated_at: '2026-11-01T10:00:00.000Z',
  added_by: null,
  link: null,
});

const setup = () => {
  const state = {
    trash: [
      trashed(4, 'Payroll', { kind: 'FOLDER', size: null, content_type: null }),
      trashed(9, 'w2.pdf', { was_in: 'Year end', deleted_by: 'Cleo Client', deleted_by_client: true }),
    ],
    items: [live(1, 'engagement.pdf')],
  };
  const fake = createFakeApi()
    .answer(e.list, company, () => ({
      status: 200,
      data: {
        path: [{ pk: null, smart: null, name: 'Documents' }],
        folder: { pk: null, smart: null, accountant_only: false, inherits_accountant_only: false, writable: true },
        count: state.items.length,
        total: state.items.length,
        next: null,
        results: state.items,
      },
    }))
    .answer(e.folders, company, [])
    .answer(trashE.list, company, () => ({ status: 200, data: { count: state.trash.length, next: null, results: state.trash } }))
    .answer(trashE.restore, company, () => {
      state.trash = state.trash.filter((item) => item.pk !== 9);
      state.items = [...state.items, live(9, 'w2.pdf')];
      return { status: 200, data: { results: [live(9, 'w2.pdf')] } };
    })
    .install();
  const view = renderPage(
    <>
      <DocumentsTrashButton companyPk={company.pk} />
      <DocumentsBrowser side="accountant" companyPk={company.pk} />
    </>,
    { path: '/', profile: makeProfile() },
  );
  return { fake, view };
};

describe('the firm’s trash of a company', () => {
  it('lists what was deleted, by whom and when, and restores an item into the listing', async () => {
    const { fake, view } = setup();
    await screen.findByRole('option', { name: /engagement\.pdf/ });
    fireEvent.click(screen.getByRole('button', { name: /Trash/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Trash' });
    expect(view.searchParams().get('trash')).toBe('1');
    const row = (await within(drawer).findByText('w2.pdf')).closest('tr')!;
    expect(within(row).getByText('Cleo Client (client)')).toBeInTheDocument();
    expect(within(row).getByText('Was in “Year end”')).toBeInTheDocument();
    expect(within(row).getByText('Removed for good Dec 3, 2026')).toBeInTheDocument();
    const folderRow = within(drawer).getByText('Payroll').closest('tr')!;
    expect(within(folderRow).getByText('Ada Admin')).toBeInTheDocument();
    expect(within(folderRow).getByText('Was at the top level')).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: 'Restore w2.pdf' }));
    await waitFor(() => expect(fake.callsTo(trashE.restore, company)).toHaveLength(1));
    expect(fake.callsTo(trashE.restore, company)[0]!.body).toEqual({ pks: [9] });
    expect(await screen.findByText('Restored “w2.pdf” to “Year end”.')).toBeInTheDocument();
    await waitFor(() => expect(within(drawer).queryByText('w2.pdf')).not.toBeInTheDocument());
    // The browser's listing is read again: the restored file is back in it.
    expect(await screen.findByRole('option', { name: /w2\.pdf/ })).toBeInTheDocument();
    view.back();
    await waitFor(() => expect(view.searchParams().get('trash')).toBeNull());
  });

  it('shows the server’s words when a restore is refused, and an empty trash as such', async () => {
    const { fake } = setup();
    fake.answer(trashE.restore, company, () => ({ status: 404, data: { detail: 'Not in the trash: it was restored already or removed for good.' } }));
    fireEvent.click(await screen.findByRole('button', { name: /Trash/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Trash' });
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Restore Payroll' }));
    expect(await screen.findByText('Not in the trash: it was restored already or removed for good.')).toBeInTheDocument();
    fake.answer(trashE.list, company, { count: 0, next: null, results: [] });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Restore Payroll' }));
    expect(await within(drawer).findByText('The trash is empty')).toBeInTheDocument();
  });
});
