import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { receiptEndpoints as e } from '@herd/contract';
import { fastUser } from '../../../../test/dom';
import { createFakeApi, makeClientProfile } from '../../../../test/fake-api';
import { makeReceipt, receiptPage } from '../../../../test/fake-receipts';
import { renderPage } from '../../../../test/render-app';
import { ClientReceiptsSection } from './client-receipts-section';

const company = { pk: 7 };
const open = () => renderPage(<ClientReceiptsSection companyPk={7} />, { path: '/dashboard/client/company-client/?company=7', profile: makeClientProfile() });
const photo = (name: string) => new File(['jpeg bytes'], name, { type: 'image/jpeg' });
const drawn: number[] = [];

// jsdom draws nothing: the browser's decoding and canvas stand in, drawing each photo where the layout puts it.
beforeEach(() => {
  drawn.length = 0;
  vi.stubGlobal('createImageBitmap', async () => ({ width: 1000, height: 1500, close: () => undefined }));
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    fillRect: () => undefined,
    drawImage: (_image: unknown, _x: number, y: number) => void drawn.push(y),
  } as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done) => done(new Blob(['joined jpeg'], { type: 'image/jpeg' })));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('one long receipt in several photos', () => {
  it('joins the photos, top to bottom in the order chosen, into one receipt', async () => {
    const fake = createFakeApi()
      .answer(e.clientActive, company, receiptPage([]))
      .answer(e.clientCounters, company, { active: 0, completed: 0, hidden: 0, duplicates: 0, unread: 0 })
      .answer(e.create, {}, [makeReceipt()])
      .install();
    open();
    await fastUser().click(await screen.findByRole('checkbox', { name: 'The photos are one long receipt' }));
    fireEvent.change(screen.getByTestId('receipt-file-input'), { target: { files: [photo('top.jpg'), photo('middle.jpg'), photo('bottom.jpg')] } });
    await waitFor(() => expect(fake.callsTo(e.create, {})).toHaveLength(1));
    const files = (fake.callsTo(e.create, {})[0]!.body as FormData).getAll('file') as File[];
    expect(files.map((f) => [f.name, f.type])).toEqual([['long-receipt-3-photos.jpg', 'image/jpeg']]);
    expect(drawn).toEqual([0, 1500, 3000]);
    expect(await screen.findByText('Uploaded')).toBeInTheDocument();
  });

  it('joins photos only: a PDF among them is refused before anything is sent', async () => {
    const fake = createFakeApi()
      .answer(e.clientActive, company, receiptPage([]))
      .answer(e.clientCounters, company, { active: 0, completed: 0, hidden: 0, duplicates: 0, unread: 0 })
      .install();
    open();
    await fastUser().click(await screen.findByRole('checkbox', { name: 'The photos are one long receipt' }));
    fireEvent.change(screen.getByTestId('receipt-file-input'), { target: { files: [photo('top.jpg'), new File(['%PDF-1.7'], 'b.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Only photos can be joined into one long receipt');
    expect(fake.callsTo(e.create, {})).toHaveLength(0);
  });
});
