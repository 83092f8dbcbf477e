import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_UPLOAD_MAX_FILES, type DocumentItem, type DocumentList, type DocumentUploadRefusal } from '@herd/contract/documents';
import { documentEndpoints } from '@herd/contract/endpoints/documents';
import { createFakeApi, makeProfile, type FakeRequest } from '../../../../test/fake-api';
import { renderPage } from '../../../../test/render-app';
import { DocumentsBrowser } from './documents-browser';

const e = documentEndpoints.client;
const company = { pk: 7 };
let nextPk = 100;
const item = (name: string): DocumentItem => ({
  pk: nextPk++,
  kind: 'FILE',
  smart: null,
  name,
  accountant_only: false,
  read_only: false,
  size: 8,
  content_type: 'application/pdf',
  url: `/api/v1/x/${nextPk}/`,
  updated_at: '2026-11-01T10:00:00.000Z',
  added_by: null,
  link: null,
});
const listing = (results: DocumentItem[]): DocumentList => ({
  path: [{ pk: null, smart: null, name: 'Documents' }],
  folder: { pk: null, smart: null, accountant_only: false, inherits_accountant_only: false, writable: true },
  count: results.length,
  total: results.length,
  next: null,
  results,
});
const pdfs = (n: number, name = (i: number) => `scan-${i + 1}.pdf`) => Array.from({ length: n }, (_, i) => new File(['%PDF-1.4'], name(i), { type: 'application/pdf' }));
const sentFiles = (request: FakeRequest) => (request.body as FormData).getAll('file') as File[];
const keyOf = (request: FakeRequest) => request.headers.get('Idempotency-Key');

/** An answer the test releases when it wants, to see the screen while a batch is on its way. */
const deferred = <T,>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

/** The client's documents, with an upload endpoint that keeps what it is sent, save what `refuse` names. */
const setup = (answer?: (request: FakeRequest, call: number) => Promise<{ status: number; data: unknown }> | { status: number; data: unknown }) => {
  const kept: DocumentItem[] = [];
  let calls = 0;
  const keep = (request: FakeRequest, refused: DocumentUploadRefusal[] = []) => {
    // As the server: more files than a request may carry is refused whole.
    if (sentFiles(request).length > DOCUMENT_UPLOAD_MAX_FILES)
      return { status: 400, data: { file: [`At most ${DOCUMENT_UPLOAD_MAX_FILES} files can be uploaded at once.`] } };
    const results = sentFiles(request)
      .filter((_, i) => !refused.some((r) => r.index === i))
      .map((file) => item(kept.some((k) => k.name === file.name) ? file.name.replace('.pdf', ' (2).pdf') : file.name));
    kept.push(...results);
    return { status: 201, data: { results, refused } };
  };
  const fake = createFakeApi()
    .answer(e.list, company, () => ({ status: 200, data: listing(kept) }))
    .answer(e.folders, company, [])
    .answer(e.upload, company, (request) => (answer ? answer(request, calls++) : keep(request)))
    .install();
  renderPage(<DocumentsBrowser side="client" companyPk={company.pk} />, { path: '/', profile: makeProfile() });
  return { fake, keep, kept };
};
const choose = (files: File[]) => fireEvent.change(screen.getByTestId('file-browser-upload'), { target: { files } });
const panel = () => screen.getByRole('region', { name: 'Upload' });

describe('uploading many documents at once', () => {
  it('sends 25 files in batches the server takes, one after another, showing which are on their way, and all 25 arrive', async () => {
    const first = deferred<{ status: number; data: unknown }>();
    const second = deferred<{ status: number; data: unknown }>();
    const { fake, keep } = setup((request, call) => (call === 0 ? first : second).promise.then(() => keep(request)));
    await screen.findByText('Nothing to show');
    choose(pdfs(25));
    // The first batch is on its way: the panel says which files, and each file its state.
    await waitFor(() => expect(within(panel()).getByRole('status')).toHaveTextContent('Uploading 1–20 of 25…'));
    const rows = within(panel()).getAllByRole('listitem');
    expect(rows).toHaveLength(25);
    expect(rows[0]).toHaveTextContent('scan-1.pdfUploading…');
    expect(rows[24]).toHaveTextContent('scan-25.pdfWaiting');
    expect(fake.callsTo(e.upload, company)).toHaveLength(1);
    first.resolve({ status: 201, data: null });
    // The second goes only once the first is answered.
    await waitFor(() => expect(within(panel()).getByRole('status')).toHaveTextContent('Uploading 21–25 of 25…'));
    expect(within(panel()).getAllByRole('listitem')[0]).toHaveTextContent('scan-1.pdfUploaded');
    expect(within(panel()).getByRole('progressbar', { name: 'Files done' })).toHaveAttribute('aria-valuenow', '80');
    second.resolve({ status: 201, data: null });
    expect(await screen.findByText('Uploaded 25 files.')).toBeInTheDocument();
    const calls = fake.callsTo(e.upload, company);
    expect(calls.map((request) => sentFiles(request).length)).toEqual([20, 5]);
    expect(calls.every((request) => sentFiles(request).length <= DOCUMENT_UPLOAD_MAX_FILES)).toBe(true);
    expect(calls.flatMap((request) => sentFiles(request).map((file) => file.name))).toEqual(pdfs(25).map((file) => file.name));
    // Each batch names itself, so a repeat of one is never kept twice.
    expect(new Set(calls.map(keyOf)).size).toBe(2);
    // All kept: the panel goes, and the folder shows them.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Upload' })).toBeNull());
    expect(await screen.findByText('25 items')).toBeInTheDocument();
  });

  it('shows each refused file with the server’s reason without stopping the others, and a name taken twice kept under another', async () => {
    const { fake, keep } = setup((request, call) =>
      call === 0
        ? keep(request, [
            {
              index: 3,
              name: 'setup.exe',
              detail: '“setup.exe” is not a type Herd keeps. Upload a PDF, an image, a CSV or text file, or a Word, Excel or PowerPoint file.',
            },
          ])
        : keep(request),
    );
    await screen.findByText('Nothing to show');
    choose(pdfs(22, (i) => (i === 3 ? 'setup.exe' : i === 21 ? 'scan-1.pdf' : `scan-${i + 1}.pdf`)));
    expect(await within(await screen.findByRole('region', { name: 'Upload' })).findByText('Uploaded 21 of 22 files; 1 not uploaded.')).toBeInTheDocument();
    expect(fake.callsTo(e.upload, company)).toHaveLength(2);
    const rows = within(panel()).getAllByRole('listitem');
    // The reason under the file's name, without saying the name again.
    expect(rows[3]).toHaveTextContent('setup.exeNot a type Herd keeps.');
    expect(rows[4]).toHaveTextContent('scan-5.pdfUploaded');
    expect(rows[21]).toHaveTextContent('scan-1.pdfUploaded as “scan-1 (2).pdf”');
    // It stays until closed.
    fireEvent.click(within(panel()).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: 'Upload' })).toBeNull();
  });

  it('sends a batch that got no answer again with its key, and never sends again what was uploaded', async () => {
    const { fake, keep } = setup((request, call) => {
      if (call === 1) throw new TypeError('Failed to fetch');
      return keep(request);
    });
    await screen.findByText('Nothing to show');
    choose(pdfs(25));
    expect(await screen.findByText('Uploaded 25 files.', undefined, { timeout: 4000 })).toBeInTheDocument();
    const calls = fake.callsTo(e.upload, company);
    expect(calls.map((request) => sentFiles(request).length)).toEqual([20, 5, 5]);
    expect(keyOf(calls[2]!)).toBe(keyOf(calls[1]!));
    expect(keyOf(calls[0]!)).not.toBe(keyOf(calls[1]!));
  });

  it('shows each file the storage quota refused with its words, then goes on with the next batch', async () => {
    const words = (name: string) =>
      `Your accountant’s file storage is full: “${name}” (8 B) would take it past its limit. Let your accountant know, so they can make room.`;
    const { fake, keep } = setup((request, call) =>
      call === 0
        ? {
            status: 413,
            data: {
              detail: 'Your accountant’s file storage is full: this upload (160 B) would take it past its limit. Nothing was uploaded.',
              refused: sentFiles(request).map((file, index) => ({ index, name: file.name, detail: words(file.name) })),
            },
          }
        : keep(request),
    );
    await screen.findByText('Nothing to show');
    choose(pdfs(21));
    expect(await screen.findByText('Uploaded 1 of 21 files; 20 not uploaded.')).toBeInTheDocument();
    expect(within(panel()).getAllByRole('listitem')[0]).toHaveTextContent(words('scan-1.pdf'));
    expect(within(panel()).getAllByRole('listitem')[20]).toHaveTextContent('scan-21.pdfUploaded');
    expect(fake.callsTo(e.upload, company)).toHaveLength(2);
  });
});
