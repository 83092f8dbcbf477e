import { PDFDocument } from 'pdf-lib';
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
const decoded: string[] = [];
/** The smallest JPEG pdf-lib embeds: start, a frame header with the size, end. */
const jpegOfSize = (width: number, height: number) =>
  new Uint8Array([0xff, 0xd8, 0xff, 0xc0, 0, 17, 8, height >> 8, height & 255, width >> 8, width & 255, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1, 0xff, 0xd9]);

// jsdom decodes and draws nothing: the browser's decoding and canvas stand in, each photo 3,000 × 4,000 px.
beforeEach(() => {
  decoded.length = 0;
  vi.stubGlobal('createImageBitmap', async (file: File) => {
    decoded.push(file.name);
    return { width: 3000, height: 4000, close: () => undefined };
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ fillRect: () => undefined, drawImage: () => undefined } as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (this: HTMLCanvasElement, done) {
    done(new Blob([jpegOfSize(this.width, this.height)], { type: 'image/jpeg' }));
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('one long receipt in several photos', () => {
  it('joins the photos into one receipt: a PDF of three pages, in the order chosen, each photo 1,600 px wide', async () => {
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
    expect(files.map((f) => [f.name, f.type])).toEqual([['long-receipt-3-pages.pdf', 'application/pdf']]);
    expect(decoded).toEqual(['top.jpg', 'middle.jpg', 'bottom.jpg']);
    const pdf = await PDFDocument.load(await files[0]!.arrayBuffer());
    expect(pdf.getPageCount()).toBe(3);
    // Pages are sized at 200 dpi: back in pixels, each is the photo scaled to 1,600 px wide.
    expect(pdf.getPages().map((page) => [page.getWidth(), page.getHeight()].map((points) => Math.round((points * 200) / 72)))).toEqual(Array(3).fill([1600, 2133]));
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
