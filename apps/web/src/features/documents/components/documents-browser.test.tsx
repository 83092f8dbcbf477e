import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { documentEndpoints } from '@herd/contract/endpoints/documents';
import type { DocumentItem, DocumentList } from '@herd/contract/documents';
import { createFakeApi, makeProfile } from '../../../../test/fake-api';
import { renderPage } from '../../../../test/render-app';
import { DocumentsBrowser } from './documents-browser';

const e = documentEndpoints.accountant;
const company = { pk: 7 };
const item = (pk: number, name: string, more: Partial<DocumentItem> = {}): DocumentItem => ({
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
  ...more,
});
const listing = (results: DocumentItem[], more: Partial<DocumentList> = {}): DocumentList => ({
  path: [{ pk: null, smart: null, name: 'Documents' }],
  folder: { pk: null, smart: null, accountant_only: false, inherits_accountant_only: false, writable: true },
  count: results.length,
  total: results.length,
  next: null,
  results,
  ...more,
});

const setup = () => {
  const state = { items: [item(1, 'w2.pdf'), item(2, 'engagement.pdf')] };
  const fake = createFakeApi()
    .answer(e.list, company, () => ({ status: 200, data: listing(state.items) }))
    .answer(e.folders, company, [])
    .answer(e.delete, company, () => {
      state.items = state.items.slice(1);
      return { status: 200, data: { deletion: '3f1c2b7a-9d4e-4f7a-8a51-2f1e0c9d7b6a', count: 1 } };
    })
    .answer(e.restore, company, () => {
      state.items = [item(1, 'w2.pdf'), item(2, 'engagement.pdf')];
      return { status: 200, data: { results: [item(1, 'w2.pdf')] } };
    })
    .install();
  renderPage(<DocumentsBrowser side="accountant" companyPk={company.pk} />, { path: '/', profile: makeProfile() });
  return fake;
};

describe('the accountant’s documents', () => {
  it('lists the folder, deletes with an undo that restores what the delete removed', async () => {
    const fake = setup();
    const row = await screen.findByRole('option', { name: /w2\.pdf/ });
    expect(screen.getByText('2 items')).toBeInTheDocument();
    fireEvent.contextMenu(row);
    fireEvent.click(within(screen.getByRole('menu', { name: 'Actions' })).getByRole('menuitem', { name: 'Delete' }));
    await waitFor(() => expect(fake.callsTo(e.delete, company)).toHaveLength(1));
    expect(fake.callsTo(e.delete, company)[0]!.body).toEqual({ pks: [1] });
    await waitFor(() => expect(screen.getByText('1 item')).toBeInTheDocument());
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(fake.callsTo(e.restore, company)).toHaveLength(1));
    expect(fake.callsTo(e.restore, company)[0]!.body).toEqual({ deletion: '3f1c2b7a-9d4e-4f7a-8a51-2f1e0c9d7b6a' });
    await waitFor(() => expect(screen.getByText('2 items')).toBeInTheDocument());
  });

  it('shows the server’s words when an upload is refused for the firm’s storage quota', async () => {
    const fake = setup();
    const detail =
      'This upload (2 MB) would take the firm past its storage limit: 99.9 GB of 100 GB is used. Nothing was uploaded. Deleted documents count until they leave the trash, 30 days after they were deleted; the limit is set by whoever runs Herd for your firm.';
    fake.answer(e.upload, company, () => ({ status: 413, data: { detail } }));
    await screen.findByRole('option', { name: /w2\.pdf/ });
    fireEvent.change(screen.getByTestId('file-browser-upload'), { target: { files: [new File(['%PDF-1.4'], 'big.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText(detail)).toBeInTheDocument();
    expect(fake.callsTo(e.upload, company)).toHaveLength(1);
  });

  it('shows the server’s words when a change is refused', async () => {
    const fake = setup();
    fake.answer(e.createFolder, company, () => ({ status: 400, data: { name: ['“Reports” is already used in this folder. Try “Reports (2)”.'] } }));
    await screen.findByRole('option', { name: /w2\.pdf/ });
    fireEvent.click(screen.getByRole('button', { name: /New folder/ }));
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Reports' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('“Reports” is already used in this folder. Try “Reports (2)”.')).toBeInTheDocument();
    expect(fake.callsTo(e.createFolder, company)[0]!.body).toEqual({ name: 'Reports', parent: null });
  });
});
