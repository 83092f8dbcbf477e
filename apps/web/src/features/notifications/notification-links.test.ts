import { describe, expect, it } from 'vitest';
import type { Notification } from '@herd/contract';
import { notificationHref } from './notification-links';

const n = (kind: Notification['kind'], type: Notification['target']['type'], pk: number, company: number | null = 7): Notification => ({
  pk: 1,
  kind,
  title: 't',
  text: '',
  target: { type, pk },
  client_company: company,
  read: false,
  created_at: '2026-11-01T10:00:00Z',
});

describe('where a notification leads', () => {
  it('takes an accountant to the screen where the work is done', () => {
    expect(notificationHref(n('TRANSACTIONS_ANSWERED', 'CLIENT_COMPANY', 7), 'accountant')).toBe('/dashboard/accountant/categorized/7/');
    expect(notificationHref(n('SYNC_ERROR', 'TRANSACTION', 55), 'accountant')).toBe('/dashboard/accountant/active/7/?transaction=55');
    expect(notificationHref(n('SYNC_ERROR', 'CLIENT_COMPANY', 7), 'accountant')).toBe('/dashboard/accountant/active/7/');
    expect(notificationHref(n('REQUEST_ANSWERED', 'COMMUNICATION', 3), 'accountant')).toBe('/dashboard/accountant/requests/completed/7/');
    expect(notificationHref(n('RECEIPT_ARRIVED', 'RECEIPT', 9), 'accountant')).toBe('/dashboard/accountant/receipts/7/');
    expect(notificationHref(n('RECEIPT_ARRIVED', 'RECEIPT', 9, null), 'accountant')).toBe('/dashboard/accountant/receipts-inbox/');
    expect(notificationHref(n('LEDGER_REAUTH', 'CLIENT_COMPANY', 7), 'accountant')).toBe('/dashboard/accountant/clients/');
    expect(notificationHref(n('NOTE', 'ACCOUNTANT_COMPANY', 1, null), 'accountant')).toBe('/dashboard/accountant/');
    expect(notificationHref(n('REQUEST_DUE', 'COMMUNICATION', 3), 'accountant')).toBe('/dashboard/accountant/requests/7/');
    expect(notificationHref(n('REQUEST_OVERDUE', 'COMMUNICATION', 3), 'accountant')).toBe('/dashboard/accountant/requests/7/');
    expect(notificationHref(n('CLIENT_UNRESPONSIVE', 'CLIENT_COMPANY', 7), 'accountant')).toBe('/settings/accountant/client/7/');
    // Notes and mentions open their thread: a request's on the requests tab, the client's own beside its pinned note.
    expect(notificationHref(n('NOTE_MENTION', 'COMMUNICATION', 3), 'accountant')).toBe('/dashboard/accountant/requests/7/');
    expect(notificationHref(n('NOTE', 'CLIENT_COMPANY', 7), 'accountant')).toBe('/settings/accountant/client/7/');
    expect(notificationHref(n('NOTE_MENTION', 'TRANSACTION', 55), 'accountant')).toBe('/dashboard/accountant/active/7/?transaction=55');
  });

  it('takes an accountant to the Automation tab of settings when Herd paused a rule, a firm rule or a company’s', () => {
    expect(notificationHref(n('RULE_PAUSED', 'ACCOUNTANT_COMPANY', 1, null), 'accountant')).toBe('/settings/?tab=automation');
    expect(notificationHref(n('RULE_PAUSED', 'ACCOUNTANT_COMPANY', 1, 7), 'accountant')).toBe('/settings/?tab=automation');
  });

  it('takes a client to the company it is about', () => {
    expect(notificationHref(n('REQUEST_CREATED', 'COMMUNICATION', 3), 'client')).toBe('/dashboard/client/company-client/?company=7');
    expect(notificationHref(n('NOTE', 'TRANSACTION', 55), 'client')).toBe('/dashboard/client/company-client/?company=7&transaction=55');
  });
});
