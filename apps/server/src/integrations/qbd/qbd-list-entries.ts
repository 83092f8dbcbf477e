import { QBD_ACCOUNT_TYPES } from '@herd/contract';
import type { ListEntryOutcome, NewListEntry } from '../../modules/books/ledger/ledger-adapter.port.js';
import { askOne, type QbxmlAsk } from './qbd-ask.js';
import { ADD_NAME_MAX } from './qbd-limits.js';
import { listByNameQuery } from './qbd-queries.js';
import { inSchemaOrder } from './qbd-schema.js';
import type { QbxmlExchange } from './qbxml-exchange.js';
import { NAME_NOT_UNIQUE, QbdBusyError, retriesLater, succeeded } from './qbxml-status.js';
import { plainOf, textOf } from './qbxml-xml.js';

const LISTS = { VENDOR: 'Vendor', CUSTOMER: 'Customer', CATEGORY: 'Account' } as const;
const WHAT = { VENDOR: 'a vendor', CUSTOMER: 'a customer', CATEGORY: 'an account' } as const;

const addRequest = (entry: NewListEntry): QbxmlAsk => {
  const list = LISTS[entry.kind];
  const fields = inSchemaOrder(`${list}Add`, [
    ['Name', entry.name],
    ['AccountType', entry.kind === 'CATEGORY' ? entry.accountType : undefined],
  ]);
  return { name: `${list}AddRq`, fields: [[`${list}Add`, fields]] };
};

/**
 * Makes a vendor, customer or account (VendorAdd, CustomerAdd, AccountAdd). A name QuickBooks
 * already holds (3100) is looked up and its ListID handed back as made: a run cut short after its
 * Add reached QuickBooks asks again in the next run, and must not fail on its own earlier Add.
 * (Vendors and customers share one list of names: a vendor's name asked for as a customer is not
 * found in the customers and stays refused.) A name longer than qbXML allows is refused here,
 * never sent: QuickBooks would refuse the whole document, ending this run and every next one.
 */
export const createQbdListEntry = async (exchange: QbxmlExchange, entry: NewListEntry): Promise<ListEntryOutcome> => {
  if (entry.kind === 'CATEGORY' && !(QBD_ACCOUNT_TYPES as readonly string[]).includes(entry.accountType))
    return { kind: 'refused', message: `QuickBooks Desktop has no account type ${entry.accountType}.` };
  const longest = ADD_NAME_MAX[LISTS[entry.kind]];
  if ([...entry.name].length > longest)
    return {
      kind: 'refused',
      message: `QuickBooks Desktop takes ${WHAT[entry.kind]} name of at most ${longest} characters; “${entry.name}” has ${[...entry.name].length}.`,
    };
  const { status, rets } = await askOne(exchange, addRequest(entry));
  const ret = rets[0];
  if (succeeded(status) && ret) return { kind: 'created', externalId: textOf(ret, 'ListID'), raw: plainOf(ret) };
  if (retriesLater(status)) throw new QbdBusyError(status);
  if (status.code !== NAME_NOT_UNIQUE) return { kind: 'refused', message: status.message };
  const existing = await askOne(exchange, listByNameQuery(LISTS[entry.kind], entry.name));
  const found = existing.rets.find((each) => textOf(each, 'FullName') === entry.name || textOf(each, 'Name') === entry.name) ?? existing.rets[0];
  if (existing.status.code === 0 && found) return { kind: 'created', externalId: textOf(found, 'ListID'), raw: plainOf(found) };
  return { kind: 'refused', message: status.message };
};
