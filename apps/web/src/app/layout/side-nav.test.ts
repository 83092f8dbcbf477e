import { describe, expect, it } from 'vitest';
import { routes } from '../../lib/routes';
import { selectedNavKey } from './side-nav';

const accountantKeys = [routes.dashboard, routes.accountant.clients, routes.settings.root];
const clientKeys = [routes.dashboard, routes.settings.root];

describe('the highlighted menu entry', () => {
  it('is Clients on a client’s own pages, which live under the dashboard', () => {
    for (const path of [
      '/dashboard/accountant/active/7/',
      '/dashboard/accountant/categorized/7/',
      '/dashboard/accountant/hidden/7',
      '/dashboard/accountant/as-client/7/',
      '/dashboard/accountant/receipts/7/',
      '/dashboard/accountant/receipts/completed/7/',
    ]) {
      expect(selectedNavKey(path, accountantKeys)).toBe(routes.accountant.clients);
    }
  });

  it('is Clients while the organisations of a Xero consent are placed', () => {
    expect(selectedNavKey('/dashboard/accountant/xero/select-client/', accountantKeys)).toBe(routes.accountant.clients);
  });

  it('is the most specific entry a path lies under otherwise', () => {
    expect(selectedNavKey('/dashboard/accountant/', accountantKeys)).toBe(routes.dashboard);
    expect(selectedNavKey('/dashboard/accountant/clients/', accountantKeys)).toBe(routes.accountant.clients);
    expect(selectedNavKey('/settings/accountant/client/7/', accountantKeys)).toBe(routes.settings.root);
    expect(selectedNavKey('/auth/', accountantKeys)).toBeNull();
    // The firm's receipts inbox is its own entry, not one client's page.
    expect(selectedNavKey('/dashboard/accountant/receipts-inbox/', [...accountantKeys, routes.accountant.receiptsInbox])).toBe(routes.accountant.receiptsInbox);
  });

  it('stays on Dashboard for a client, who has no Clients entry', () => {
    expect(selectedNavKey('/dashboard/client/company-client/transactions/completed/7/', clientKeys)).toBe(routes.dashboard);
  });
});
