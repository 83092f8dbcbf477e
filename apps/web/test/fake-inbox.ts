import {
  clientSideEndpoints,
  noteEndpoints,
  profileEndpoints,
  refEndpoints,
  transactionEndpoints as e,
  type ClientEditableField,
  type Transaction,
} from '@herd/contract';
import { createFakeApi, makeClientProfile, makeMyAccountant, makeOwnCompany } from './fake-api';
import { transactionPage } from './fake-transactions';

export const INBOX_COMPANY = { pk: 7 };
export const INBOX_PATH = '/dashboard/client/company-client/?company=7';

const category = (pk: number, name: string) => ({ pk, name, active: true, account_type: 'Expense', is_payment_account: false, is_watched: false });

/** A client's chart of accounts, in the server's order (by name): the first is never what a search for "uti" wants. */
export const CATEGORIES = [category(30, 'Dental Supplies'), category(31, 'Meals & Entertainment'), category(32, 'Office Supplies'), category(33, 'Utilities')];

/**
 * A client's inbox of `items`, whose category list is searched like the
 * server does (by name, any case); `delayMs` holds each search's answer back.
 */
export const fakeClientInbox = (items: Transaction[], editable: ClientEditableField[] = ['category', 'memo'], delayMs = 0) =>
  createFakeApi()
    .answer(profileEndpoints.profile, {}, makeClientProfile())
    .answer(clientSideEndpoints.ownCompanies, {}, [makeOwnCompany({ client_editable_fields: editable })])
    .answer(clientSideEndpoints.ownCompany, INBOX_COMPANY, makeOwnCompany({ client_editable_fields: editable }))
    .answer(clientSideEndpoints.myAccountant, {}, makeMyAccountant())
    .answer(e.clientActive, INBOX_COMPANY, transactionPage(items))
    .answer(refEndpoints.clientCategories, INBOX_COMPANY, async (request) => {
      const search = String(request.params.search ?? '').toLowerCase();
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      return { status: 200, data: CATEGORIES.filter((c) => c.name.toLowerCase().includes(search)) };
    })
    .answer(refEndpoints.vendors, INBOX_COMPANY, [])
    .answer(noteEndpoints.transactionList, { pk: items[0]?.pk ?? 0 }, [])
    .answer(e.clientUpdate, INBOX_COMPANY, [])
    .install();
