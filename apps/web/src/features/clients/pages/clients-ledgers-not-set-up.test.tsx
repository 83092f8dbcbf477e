import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appEndpoints, unavailable, type ClientConfig } from '@herd/contract';
import { makeClientConfig } from '../../../../test/fake-api';
import { bakery, fakeClients } from '../../../../test/fake-clients';
import { renderPage } from '../../../../test/render-app';
import { routes } from '../../../lib/routes';
import { ClientsPage } from './clients-page';

/** The clients list on a server that says which ledgers it has set up. */
const clientsOn = (config: Partial<ClientConfig>) => {
  const { fake } = fakeClients([bakery]);
  fake.answer(appEndpoints.clientConfig, {}, makeClientConfig(config));
  return renderPage(<ClientsPage />, { path: routes.accountant.clients, route: routes.accountant.clients });
};

/** Words for whoever runs the server, never for an accountant's screen. */
const OPERATOR_WORDS = /QBO_|XERO_|INTUIT|client id|SANDBOXES|operator|environment variable/i;

describe('ledgers this installation has not set up', () => {
  it('offers no "Connect QuickBooks" without QuickBooks Online, and says so in the accountant’s words', async () => {
    clientsOn({ quickbooks: 'off', quickbooks_signup: false, xero: 'live' });
    expect(await screen.findByRole('button', { name: /Connect Xero/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: /Connect QuickBooks/ })).not.toBeInTheDocument());
    expect(screen.getByTestId('ledgers-not-set-up')).toHaveTextContent(unavailable.quickbooks);
    expect(document.body.textContent).not.toMatch(OPERATOR_WORDS);
  });

  it('offers neither where neither is set up, and says both', async () => {
    clientsOn({ quickbooks: 'off', quickbooks_signup: false, xero: 'off' });
    expect(await screen.findByText('QuickBooks Online and Xero aren’t set up on this Herd installation. Ask whoever runs Herd for your firm.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Connect QuickBooks/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Connect Xero/ })).not.toBeInTheDocument();
    // What needs no ledger's sign-in is still there.
    expect(screen.getByRole('button', { name: /Add client/ })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(OPERATOR_WORDS);
  });

  it('offers both, and says nothing, where both are set up', async () => {
    clientsOn({ quickbooks: 'live', xero: 'live' });
    expect(await screen.findByRole('button', { name: /Connect QuickBooks/ })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Connect Xero/ })).toBeInTheDocument();
    expect(screen.queryByTestId('ledgers-not-set-up')).not.toBeInTheDocument();
  });
});
