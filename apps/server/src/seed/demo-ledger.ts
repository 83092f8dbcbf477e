import type { RefKind } from '@herd/contract';
import type { Db } from '../db/client.js';
import { ledgerAccounts, ledgerRefs } from '../db/schema/index.js';

type AccountSpec = { name: string; type: string; payment?: boolean; watched?: boolean };

/** A small business's chart of accounts, as a bookkeeper would set it up. */
const ACCOUNTS: AccountSpec[] = [
  { name: 'Business Checking', type: 'Bank', payment: true },
  { name: 'Visa Business Card', type: 'Credit Card', payment: true },
  { name: 'Uncategorized Expense', type: 'Expense', watched: true },
  { name: 'Uncategorized Income', type: 'Income', watched: true },
  { name: 'Ask My Accountant', type: 'Other Expense', watched: true },
  { name: 'Advertising & Marketing', type: 'Expense' },
  { name: 'Bank Fees', type: 'Expense' },
  { name: 'Equipment Repairs', type: 'Expense' },
  { name: 'Ingredients', type: 'Cost of Goods Sold' },
  { name: 'Meals & Entertainment', type: 'Expense' },
  { name: 'Office Supplies', type: 'Expense' },
  { name: 'Packaging', type: 'Cost of Goods Sold' },
  { name: 'Rent', type: 'Expense' },
  { name: 'Software Subscriptions', type: 'Expense' },
  { name: 'Utilities', type: 'Expense' },
  { name: 'Sales', type: 'Income' },
  { name: 'Catering Income', type: 'Income' },
];

const REFS: [RefKind, string[]][] = [
  [
    'VENDOR',
    ['Costco Wholesale', 'Blue Bottle Coffee', 'PG&E', 'Adobe', 'King Arthur Baking', 'Uline', 'Square', 'Facebook Ads', 'Home Depot', 'Landlord Properties LLC'],
  ],
  ['CUSTOMER', ['Cafe Luna', 'Farmers Market Collective', 'Riverside Office Park', 'Walk-in customers']],
  ['CLASS', ['Retail', 'Wholesale', 'Catering']],
  ['LOCATION', ['Main Street', 'Farmers Market']],
  ['TAX', ['Sales tax 8.5%', 'Exempt']],
  ['PAYMENT_METHOD', ['Credit card', 'ACH', 'Cash', 'Check']],
  ['ITEM', ['Sourdough loaf', 'Croissant (dozen)', 'Catering platter']],
];

export type DemoLedger = { accounts: Map<string, number>; refs: Map<string, number> };

export const seedDemoLedger = async (db: Db, companyPk: number): Promise<DemoLedger> => {
  const accounts = await db
    .insert(ledgerAccounts)
    .values(
      ACCOUNTS.map((a, i) => ({
        clientCompanyId: companyPk,
        externalId: `demo:account:${i}`,
        name: a.name,
        accountType: a.type,
        isPaymentAccount: a.payment ?? false,
        isWatched: a.watched ?? false,
      })),
    )
    .returning({ pk: ledgerAccounts.pk, name: ledgerAccounts.name });
  const refRows = await db
    .insert(ledgerRefs)
    .values(REFS.flatMap(([kind, names]) => names.map((name, i) => ({ clientCompanyId: companyPk, kind, name, externalId: `demo:${kind}:${i}` }))))
    .returning({ pk: ledgerRefs.pk, name: ledgerRefs.name });
  const [region] = await db
    .insert(ledgerRefs)
    .values({ clientCompanyId: companyPk, kind: 'TRACKING_CATEGORY', name: 'Channel', externalId: 'demo:tracking:channel' })
    .returning({ pk: ledgerRefs.pk });
  const options = await db
    .insert(ledgerRefs)
    .values(
      ['In store', 'Online', 'Events'].map((name, i) => ({
        clientCompanyId: companyPk,
        kind: 'TRACKING_OPTION' as const,
        name,
        parentId: region!.pk,
        externalId: `demo:tracking:channel:${i}`,
      })),
    )
    .returning({ pk: ledgerRefs.pk, name: ledgerRefs.name });
  return {
    accounts: new Map(accounts.map((a) => [a.name, a.pk])),
    refs: new Map([...refRows, ...options].map((r) => [r.name, r.pk])),
  };
};
