import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { billingEndpoints, noteEndpoints, type BillingInfo, type Profile } from '@herd/contract';
import { createFakeApi, makeNote, makeBillingInfo, makeClientProfile, makeProfile } from '../../../../test/fake-api';
import { makeTransaction } from '../../../../test/fake-transactions';
import { renderPage } from '../../../../test/render-app';
import { AttachmentsPanel } from './attachments-panel';
import { BulkActions } from './bulk-actions';
import { CsvImportButton } from './csv-import-button';
import { NoteThread } from './note-thread';

const READ_ONLY = 'Read-only: the subscription needs attention';
const mine = makeNote();
const transaction = makeTransaction({
  pk: 9,
  attachments: [{ pk: 1, file: 101, name: 'receipt.png', content_type: 'image/png', url: '/api/v1/storage/file/retrieve/101/', removable: true }],
});

const Screen = () => {
  const [body, setBody] = useState('Lunch with the client');
  return (
    <>
      <BulkActions companyPk={7} kind="active" selected={[9]} onDone={() => undefined} remoteLedger="QuickBooks Online" />
      <CsvImportButton companyPk={7} />
      <AttachmentsPanel transaction={transaction} companyPk={7} canEdit />
      <NoteThread transactionPk={9} companyPk={7} body={body} onBodyChange={setBody} />
    </>
  );
};

const show = async (info: BillingInfo, profile: Profile = makeProfile()) => {
  const fake = createFakeApi().answer(billingEndpoints.info, {}, info).answer(noteEndpoints.transactionList, { pk: 9 }, [mine]).install();
  renderPage(<Screen />, { path: '/', profile });
  await screen.findByText('Client lunch.');
  await waitFor(() => expect(fake.callsTo(billingEndpoints.info, {})).toHaveLength(1));
};

const changing = () => {
  const bulk = within(screen.getByLabelText('Bulk actions'));
  return [
    ...['Publish', 'Send back', 'Hide', 'Clear sync errors', 'Resync'].map((name) => bulk.getByRole('button', { name })),
    screen.getByRole('button', { name: /Import bank CSV/ }),
    screen.getByRole('button', { name: /Attach a receipt/ }),
    screen.getByRole('button', { name: 'Remove receipt.png' }),
    screen.getByRole('button', { name: 'Add note' }),
    screen.getByRole('button', { name: 'Edit' }),
    screen.getByLabelText('New note'),
  ];
};

describe('transaction controls while the firm is read-only', () => {
  it('disables every change, saying why, and leaves the download of attachments', async () => {
    await show(makeBillingInfo({ read_only: true, status: 'TRIAL_EXPIRED' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add note' })).toBeDisabled());
    for (const control of changing()) {
      expect(control).toBeDisabled();
      expect(control.closest(`[title="${READ_ONLY}"]`)).not.toBeNull();
    }
    const download = within(screen.getByLabelText('Bulk actions')).getByRole('link', { name: 'Download attachments' });
    expect(download).not.toHaveAttribute('aria-disabled', 'true');
    // Reading stays possible: the attachment opens, the notes show.
    expect(screen.getByTitle('receipt.png')).toHaveAttribute('href', '/api/v1/storage/file/retrieve/101/');
  });

  it('keeps every change available while the firm pays', async () => {
    await show(makeBillingInfo({ read_only: false, status: 'PAID' }));
    for (const control of changing()) {
      expect(control).toBeEnabled();
      expect(control.closest(`[title="${READ_ONLY}"]`)).toBeNull();
    }
  });

  it('tells a client, without talk of money, that their accountant’s account is paused', async () => {
    await show(makeBillingInfo({ read_only: true, status: 'CANCELLED', can_manage: false }), makeClientProfile());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add note' })).toBeDisabled());
    expect(screen.getByRole('button', { name: /Attach a receipt/ }).closest('[title]')).toHaveAttribute('title', 'Read-only: your accountant’s Herd account is paused');
  });
});
