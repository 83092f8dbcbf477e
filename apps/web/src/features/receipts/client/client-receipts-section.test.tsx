import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { clientSideEndpoints, noteEndpoints, profileEndpoints, receiptEndpoints as e, transactionEndpoints } from '@herd/contract';
import { fastUser } from '../../../../test/dom';
import { createFakeApi, makeClientProfile, makeMyAccountant, makeOwnCompany } from '../../../../test/fake-api';
import { transactionPage } from '../../../../test/fake-transactions';
import { makeReceipt, makeUnreadReceipt, receiptPage } from '../../../../test/fake-receipts';
import { renderAt, renderPage } from '../../../../test/render-app';
import { ClientReceiptsSection } from './client-receipts-section';

const company = { pk: 7 };
const coffee = makeReceipt();
const invoice = makeUnreadReceipt();
const counters = { active: 2, completed: 3, hidden: 1, duplicates: 0, unread: 1 };

const fakeReceipts = () =>
  createFakeApi()
    .answer(e.clientActive, company, receiptPage([coffee, invoice]))
    .answer(e.clientCounters, company, counters)
    .answer(noteEndpoints.receiptList, { pk: coffee.pk }, [])
    .install();

const open = () => renderPage(<ClientReceiptsSection companyPk={7} />, { path: '/dashboard/client/company-client/?company=7', profile: makeClientProfile() });
const fileInput = () => screen.getByTestId('receipt-file-input');
const choose = (...files: File[]) => fireEvent.change(fileInput(), { target: { files } });
const photo = (name: string, bytes = 'jpeg bytes') => new File([bytes], name, { type: 'image/jpeg' });

const realMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = realMatchMedia;
});

describe('the client’s receipts on the company page', () => {
  it('sit on the company page under what waits for the client', async () => {
    fakeReceipts()
      .answer(profileEndpoints.profile, {}, makeClientProfile())
      .answer(clientSideEndpoints.ownCompanies, {}, [makeOwnCompany()])
      .answer(clientSideEndpoints.ownCompany, company, makeOwnCompany())
      .answer(clientSideEndpoints.myAccountant, {}, makeMyAccountant())
      .answer(transactionEndpoints.clientActive, company, transactionPage([]));
    renderAt('/dashboard/client/company-client/?company=7');
    const section = await screen.findByRole('region', { name: 'Upload receipts' });
    expect(within(section).getByRole('button', { name: /Choose files/ })).toBeInTheDocument();
    expect(await screen.findByText('Blue Bottle Coffee')).toBeInTheDocument();
  });

  it('lists the active receipts with what was read, how sure, and where each stands', async () => {
    fakeReceipts();
    open();
    const rows = await screen.findAllByTestId('receipt-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Blue Bottle Coffee')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('12.50 USD')).toBeInTheDocument();
    expect(within(rows[0]!).getByText(/Read \(read, 95% sure\)/)).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Not matched yet')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('img', { name: 'Receipt coffee.jpg' })).toHaveAttribute('src', coffee.thumbnail!.url);
    // Nothing read yet: the file's name stands in for the vendor, and it says so.
    expect(within(rows[1]!).getByText('invoice.pdf')).toBeInTheDocument();
    expect(within(rows[1]!).getByText(/No date · Not read yet/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Completed (3)' })).toHaveAttribute('href', '/dashboard/client/company-client/receipts/completed/7/');
    expect(screen.getByRole('link', { name: 'Hidden (1)' })).toHaveAttribute('href', '/dashboard/client/company-client/receipts/hidden/7/');
  });

  it('sends several files in one upload to the company, accepting photos and PDFs', async () => {
    const fake = fakeReceipts().answer(e.create, {}, [coffee, invoice]);
    open();
    await screen.findAllByTestId('receipt-row');
    expect(fileInput()).toHaveAttribute('accept', 'image/*,application/pdf');
    expect(fileInput()).toHaveAttribute('multiple');
    choose(photo('a.jpg'), new File(['%PDF-1.7'], 'b.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(screen.getAllByText('Uploaded')).toHaveLength(2));
    const [sent] = fake.callsTo(e.create, {});
    const form = sent!.body as FormData;
    expect(form.get('client_company')).toBe('7');
    expect((form.getAll('file') as File[]).map((f) => f.name)).toEqual(['a.jpg', 'b.pdf']);
    // The list is read again, so the new receipts show.
    await waitFor(() => expect(fake.callsTo(e.clientActive, company).length).toBeGreaterThan(1));
  });

  it('shows each file the server refused with its reason, and sends the others again on request', async () => {
    const fake = fakeReceipts();
    let attempt = 0;
    fake.answer(e.create, {}, () => {
      attempt += 1;
      if (attempt === 1)
        return { status: 400, data: { file: ['empty.jpg is empty.', 'notes.txt is not a photo or a PDF. Upload a JPEG, PNG or HEIC photo, or a PDF.'] } };
      return { status: 201, data: [coffee] };
    });
    open();
    await screen.findAllByTestId('receipt-row');
    choose(photo('empty.jpg', ''), photo('good.jpg'), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    // Each reason under its file's name, the name said once.
    const item = async (name: string) => (await screen.findAllByTestId('upload-item')).find((row) => within(row).queryByText(name))!;
    expect(within(await item('empty.jpg')).getByText('Empty.')).toBeInTheDocument();
    expect(within(await item('notes.txt')).getByText('Not a photo or a PDF. Upload a JPEG, PNG or HEIC photo, or a PDF.')).toBeInTheDocument();
    expect(screen.getAllByText(/notes\.txt/)).toHaveLength(1);
    const good = screen.getAllByTestId('upload-item').find((item) => within(item).queryByText('good.jpg'))!;
    expect(within(good).getByText(/Not sent: another file of this upload was refused/)).toBeInTheDocument();

    await fastUser().click(screen.getByRole('button', { name: 'Send the other file' }));
    await waitFor(() => expect(fake.callsTo(e.create, {})).toHaveLength(2));
    const second = fake.callsTo(e.create, {})[1]!.body as FormData;
    expect((second.getAll('file') as File[]).map((f) => f.name)).toEqual(['good.jpg']);
    expect(await screen.findByText('Uploaded')).toBeInTheDocument();
  });

  it('refuses more files than one upload takes, before sending anything', async () => {
    const fake = fakeReceipts();
    open();
    await screen.findAllByTestId('receipt-row');
    choose(...Array.from({ length: 21 }, (_, i) => photo(`p${i}.jpg`)));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose at most 20 files at a time.');
    expect(fake.callsTo(e.create, {})).toHaveLength(0);
  });

  it('offers the camera on a touch screen', async () => {
    window.matchMedia = ((query: string) => ({ ...realMatchMedia(query), matches: query.includes('pointer: coarse') })) as typeof window.matchMedia;
    fakeReceipts();
    open();
    expect(await screen.findByRole('button', { name: /Take photo/ })).toBeInTheDocument();
    const camera = screen.getByTestId('receipt-camera-input');
    expect(camera).toHaveAttribute('capture', 'environment');
    expect(camera).toHaveAttribute('accept', 'image/*');
  });

  it('follows an uploaded receipt while the server reads and matches it, without a reload', async () => {
    const uploaded = makeUnreadReceipt({ pk: 600, file: { ...invoice.file, name: 'lunch.jpg', content_type: 'image/jpeg' } });
    const read = makeReceipt({ pk: 600, vendor: { value: 'Corner Deli', confidence: 0.9, edited: false } });
    let step: 'before' | 'uploaded' | 'read' | 'matched' = 'before';
    const active = () => ({ before: [], uploaded: [uploaded], read: [read], matched: [] })[step];
    const fake = createFakeApi()
      .answer(e.clientActive, company, () => ({ status: 200, data: receiptPage(active()) }))
      .answer(e.clientCounters, company, () => ({
        status: 200,
        data: { ...counters, active: active().length, completed: step === 'matched' ? 1 : 0, unread: step === 'uploaded' ? 1 : 0 },
      }))
      .answer(e.create, {}, () => {
        step = 'uploaded';
        return { status: 201, data: [uploaded] };
      })
      .install();
    open();
    expect(await screen.findByText(/No receipts waiting/)).toBeInTheDocument();
    choose(photo('lunch.jpg'));
    expect(await screen.findByText(/Not read yet/)).toBeInTheDocument();

    // The server reads it: the list asks again by itself and shows what was read.
    step = 'read';
    expect(await screen.findByText('Corner Deli', {}, { timeout: 5000 })).toBeInTheDocument();
    // Matching follows the reading: the list keeps asking, and the receipt moves to Completed.
    step = 'matched';
    expect(await screen.findByRole('link', { name: 'Completed (1)' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByTestId('receipt-row')).not.toBeInTheDocument();
    expect(fake.callsTo(e.clientActive, company).length).toBeGreaterThanOrEqual(3);
  }, 15_000);
});
