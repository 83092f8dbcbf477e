import { StrictMode } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fileEndpoints } from '@herd/contract';
import { createFakeApi } from '../../../../test/fake-api';
import { makeTransaction } from '../../../../test/fake-transactions';
import { renderAt } from '../../../../test/render-app';
import { AttachmentsPanel } from './attachments-panel';

const attachment = (pk: number, name: string, removable: boolean) => ({
  pk,
  file: pk + 100,
  name,
  content_type: 'image/png',
  url: `/api/v1/storage/file/retrieve/${pk + 100}/`,
  removable,
});

const transaction = makeTransaction({ pk: 7, attachments: [attachment(1, 'my-receipt.png', true), attachment(2, 'accountant-invoice.png', false)] });

describe('attachments panel', () => {
  it('offers Remove only on the files the server says this user may remove', async () => {
    const fake = createFakeApi()
      .answer(fileEndpoints.detach, { transactionPk: 7, pk: 1 }, () => ({ status: 204, data: undefined }))
      .install();
    renderAt('/', <AttachmentsPanel transaction={transaction} companyPk={3} canEdit />);
    expect(await screen.findByTitle('accountant-invoice.png')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove accountant-invoice.png' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove my-receipt.png' }));
    await waitFor(() => expect(fake.callsTo(fileEndpoints.detach, { transactionPk: 7, pk: 1 })).toHaveLength(1));
  });

  it('offers no Remove at all when the transaction cannot be edited', async () => {
    createFakeApi().install();
    renderAt('/', <AttachmentsPanel transaction={transaction} companyPk={3} canEdit={false} />);
    expect(await screen.findByTitle('my-receipt.png')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
  });

  const fileInput = () => document.querySelector<HTMLInputElement>('input[type=file]')!;
  // Past the picker's own filter, as a drop or "All files" gets there.
  const anyFile = () => userEvent.setup({ applyAccept: false });

  it('refuses a file that is not a photo or a PDF in a receipt’s words, without sending it', async () => {
    const fake = createFakeApi().install();
    renderAt('/', <AttachmentsPanel transaction={transaction} companyPk={3} canEdit />);
    await anyFile().upload(fileInput(), new File(['a,b'], 'bank.csv', { type: 'text/csv' }));
    const refusal = await screen.findByText('bank.csv is not a photo or a PDF. Attach a JPEG, PNG or HEIC photo, or a PDF.');
    expect(refusal.textContent).not.toMatch(/CSV/);
    expect(fake.callsTo(fileEndpoints.create, {})).toHaveLength(0);
  });

  it('says the server’s refusal of a file’s contents in a receipt’s words, not the general upload’s', async () => {
    createFakeApi()
      .answer(fileEndpoints.create, {}, () => ({ status: 400, data: { file: ['File type is not supported. Upload an image, a PDF or a CSV file.'] } }))
      .install();
    renderAt('/', <AttachmentsPanel transaction={transaction} companyPk={3} canEdit />);
    await anyFile().upload(fileInput(), new File(['not really'], 'scan.png', { type: 'image/png' }));
    expect(await screen.findByText('scan.png is not a photo or a PDF. Attach a JPEG, PNG or HEIC photo, or a PDF.')).toBeInTheDocument();
    expect(screen.queryByText(/CSV/)).not.toBeInTheDocument();
  });

  it('says a refused file once, whichever check refused it', async () => {
    createFakeApi()
      .answer(fileEndpoints.create, {}, () => ({ status: 400, data: { file: ['File type is not supported. Upload an image, a PDF or a CSV file.'] } }))
      .install();
    // As the app runs in development (main.tsx): in StrictMode.
    renderAt(
      '/',
      <StrictMode>
        <AttachmentsPanel transaction={transaction} companyPk={3} canEdit />
      </StrictMode>,
    );
    await anyFile().upload(fileInput(), new File(['a,b'], 'bank.csv', { type: 'text/csv' }));
    await screen.findAllByText(/bank\.csv is not a photo or a PDF/);
    await anyFile().upload(fileInput(), new File(['not really'], 'scan.png', { type: 'image/png' }));
    await screen.findAllByText(/scan\.png is not a photo or a PDF/);
    // Give a second copy (a toast beside an inline line, the Upload's own list) time to appear.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getAllByText(/bank\.csv is not a photo or a PDF/)).toHaveLength(1);
    expect(screen.getAllByText(/scan\.png is not a photo or a PDF/)).toHaveLength(1);
  });
});
