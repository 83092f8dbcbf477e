import 'fake-indexeddb/auto';
import { clear, createStore } from 'idb-keyval';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { IDEMPOTENCY_KEY_HEADER } from '@herd/contract/endpoint';
import { noteEndpoints, receiptEndpoints as e } from '@herd/contract';
import { createFakeApi, makeClientProfile } from '../../../../test/fake-api';
import { makeReceipt, receiptPage } from '../../../../test/fake-receipts';
import { renderPage } from '../../../../test/render-app';
import { ClientReceiptsSection } from './client-receipts-section';

const company = { pk: 7 };
const counters = { active: 0, completed: 0, hidden: 0, duplicates: 0, unread: 0 };
const open = () => renderPage(<ClientReceiptsSection companyPk={7} />, { path: '/dashboard/client/company-client/?company=7', profile: makeClientProfile() });
const photo = new File(['jpeg bytes of a lunch receipt'], 'lunch.jpg', { type: 'image/jpeg' });

afterEach(() => clear(createStore('herd-receipts', 'captures')));

describe('a receipt photographed with no signal', () => {
  it('is kept on the phone, shown as waiting, and sent once by itself when the connection is back, even after the app was closed', async () => {
    let online = false;
    const keys: (string | null)[] = [];
    const fake = createFakeApi()
      .answer(e.clientActive, company, receiptPage([]))
      .answer(e.clientCounters, company, counters)
      .answer(noteEndpoints.receiptList, { pk: 1 }, [])
      .answer(e.create, {}, (request) => {
        keys.push(request.headers.get(IDEMPOTENCY_KEY_HEADER));
        if (!online) throw new TypeError('Failed to fetch');
        return { status: 201, data: [makeReceipt()] };
      })
      .install();
    open();
    fireEvent.change(await screen.findByTestId('receipt-file-input'), { target: { files: [photo] } });
    expect(await screen.findByText(/Waiting for a connection: kept on this phone/)).toBeInTheDocument();

    // The app is closed, then opened again once there is signal: the photo goes by itself, with the key it was taken with.
    cleanup();
    online = true;
    open();
    expect(await screen.findByText('Uploaded')).toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);

    // Filed: it is forgotten, and nothing is sent again.
    cleanup();
    open();
    await screen.findByRole('region', { name: 'Upload receipts' });
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(fake.callsTo(e.clientCounters, company).length).toBeGreaterThan(0));
    expect(keys).toHaveLength(2);
  });

  it('goes as soon as the connection is back while the app is open', async () => {
    let online = false;
    createFakeApi()
      .answer(e.clientActive, company, receiptPage([]))
      .answer(e.clientCounters, company, counters)
      .answer(e.create, {}, () => {
        if (!online) throw new TypeError('Failed to fetch');
        return { status: 201, data: [makeReceipt()] };
      })
      .install();
    open();
    fireEvent.change(await screen.findByTestId('receipt-file-input'), { target: { files: [photo] } });
    expect(await screen.findByLabelText('Waiting for a connection')).toBeInTheDocument();
    online = true;
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('Uploaded')).toBeInTheDocument();
  });
});
