import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../../test/render-app';
import { renderPdfThumbnail } from '../pdf-thumbnail';
import { AttachmentThumbnail } from './attachment-thumbnail';

// pdf.js needs a real canvas: test/setup.ts mocks renderPdfThumbnail for every file; each test says what it answers.

const pdf = { pk: 1, file: 9, name: 'invoice.pdf', content_type: 'application/pdf', url: '/api/v1/storage/file/retrieve/9/', removable: true };
const show = (attachment = pdf) => renderAt('/', <AttachmentThumbnail attachment={attachment} />);

describe('attachment thumbnails', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.mocked(renderPdfThumbnail).mockReset();
  });

  it('shows the first page of a PDF, drawn from the file', async () => {
    vi.mocked(renderPdfThumbnail).mockResolvedValue('data:image/png;base64,AAAA');
    show();
    expect(await screen.findByTestId('pdf-thumbnail')).toHaveAttribute('src', 'data:image/png;base64,AAAA');
    expect(renderPdfThumbnail).toHaveBeenCalledWith(pdf.url, 72);
  });

  it('logs a PDF it cannot draw and keeps the file icon', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.mocked(renderPdfThumbnail).mockRejectedValue(new Error('Invalid PDF structure.'));
    show({ ...pdf, url: '/api/v1/storage/file/retrieve/10/' });
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Attachment thumbnail could not be made: invoice.pdf'));
    expect(screen.getByLabelText('invoice.pdf')).toBeInTheDocument();
    expect(screen.queryByTestId('pdf-thumbnail')).not.toBeInTheDocument();
  });

  it('shows an image as itself without drawing anything', () => {
    show({ ...pdf, name: 'receipt.png', content_type: 'image/png' });
    expect(screen.getByRole('img', { name: 'receipt.png' })).toHaveAttribute('src', pdf.url);
    expect(renderPdfThumbnail).not.toHaveBeenCalled();
  });
});
