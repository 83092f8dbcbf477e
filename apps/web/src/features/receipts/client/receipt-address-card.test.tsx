import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { receiptEndpoints as e } from '@herd/contract';
import { fastUser } from '../../../../test/dom';
import { profileEndpoints } from '@herd/contract';
import { createFakeApi, installClipboard, makeClientProfile } from '../../../../test/fake-api';
import { renderAt, renderPage } from '../../../../test/render-app';
import { ReceiptAddressCard } from './receipt-address-card';

const TOKEN = 'receipts+4f1c2a9be07d3a51c9e0b2d4a6f8e1c3b5d7f9a0@in.herd.example';

describe('the receipts address in the client’s settings', () => {
  it('shows the personal address with the company it files into, and copies it', async () => {
    createFakeApi()
      .answer(profileEndpoints.profile, {}, makeClientProfile())
      .answer(
        e.address,
        {},
        {
          address: TOKEN,
          default_company: { pk: 7, name: 'Sunrise Bakery LLC' },
          companies: [{ pk: 7, name: 'Sunrise Bakery LLC', address: TOKEN }],
          text_number: '+15005550006',
        },
      )
      .install();
    // Through the app's routes: the settings page gets the tab from them.
    renderAt('/settings/client/?tab=receipts');
    const lines = await screen.findAllByTestId('receipt-address');
    // One company: one address, no repeat of it per company.
    expect(lines).toHaveLength(1);
    expect(within(lines[0]!).getByText('Files into Sunrise Bakery LLC')).toBeInTheDocument();
    // After user-event's setup, which puts a clipboard of its own in place.
    const user = fastUser();
    const clipboard = installClipboard();
    await user.click(within(lines[0]!).getByRole('button', { name: `Copy ${TOKEN}` }));
    await waitFor(() => expect(clipboard.text).toBe(TOKEN));
    expect(await screen.findByText('Receipts address copied')).toBeInTheDocument();
    // Or by text message, to Herd's number, opening the phone's messages.
    expect(screen.getByRole('link', { name: '+15005550006' })).toHaveAttribute('href', 'sms:+15005550006');
  });

  it('lists one address per company when the client has several', async () => {
    const bakery = 'receipts+aa-7@in.herd.example';
    const cafe = 'receipts+aa-8@in.herd.example';
    createFakeApi()
      .answer(
        e.address,
        {},
        {
          address: 'receipts+aa@in.herd.example',
          default_company: { pk: 7, name: 'Sunrise Bakery LLC' },
          companies: [
            { pk: 7, name: 'Sunrise Bakery LLC', address: bakery },
            { pk: 8, name: 'Corner Cafe', address: cafe },
          ],
          text_number: '+15005550006',
        },
      )
      .install();
    renderPage(<ReceiptAddressCard />, { path: '/settings/client/?tab=receipts', profile: makeClientProfile() });
    const lines = await screen.findAllByTestId('receipt-address');
    expect(lines.map((line) => within(line).getByRole('button').getAttribute('aria-label'))).toEqual([
      'Copy receipts+aa@in.herd.example',
      `Copy ${bakery}`,
      `Copy ${cafe}`,
    ]);
    expect(within(lines[2]!).getByText('Files into Corner Cafe')).toBeInTheDocument();
  });
});
