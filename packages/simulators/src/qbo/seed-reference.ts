import { normalizeEntity } from './normalize.js';
import type { CompanyStore } from './store.js';
import type { JsonObject, QboEntity } from './types.js';

/** Ids of the seeded reference rows the transaction generator draws from. */
export interface SeedRefs {
  checking: QboEntity;
  savings: QboEntity;
  cards: QboEntity[];
  accountsPayable: QboEntity;
  undepositedFunds: QboEntity;
  /** The accounts a client is asked to explain: Uncategorized Expense/Income/Asset, Ask My Accountant. */
  watched: { expense: QboEntity; income: QboEntity; asset: QboEntity; askMyAccountant: QboEntity };
  expenseAccounts: QboEntity[];
  incomeAccounts: QboEntity[];
  vendors: QboEntity[];
  customers: QboEntity[];
  classes: QboEntity[];
  departments: QboEntity[];
  items: QboEntity[];
  paymentMethods: QboEntity[];
}

type AccountSpec = [name: string, type: string, subType: string, active?: boolean];

const BANKING: AccountSpec[] = [
  ['Checking', 'Bank', 'Checking'],
  ['Savings', 'Bank', 'Savings'],
  ['Visa', 'Credit Card', 'CreditCard'],
  ['Mastercard', 'Credit Card', 'CreditCard'],
  ['Accounts Receivable (A/R)', 'Accounts Receivable', 'AccountsReceivable'],
  ['Accounts Payable (A/P)', 'Accounts Payable', 'AccountsPayable'],
  ['Undeposited Funds', 'Other Current Asset', 'UndepositedFunds'],
  ['Uncategorized Asset', 'Other Current Asset', 'OtherCurrentAssets'],
  ['Uncategorized Expense', 'Expense', 'OtherMiscellaneousServiceCost'],
  ['Uncategorized Income', 'Income', 'ServiceFeeIncome'],
  ['Ask My Accountant', 'Other Expense', 'OtherMiscellaneousExpense'],
  ['Opening Balance Equity', 'Equity', 'OpeningBalanceEquity'],
  ['Owner Draws', 'Equity', 'OwnersEquity'],
];

const EXPENSES: AccountSpec[] = [
  ['Advertising', 'Expense', 'AdvertisingPromotional'],
  ['Meals and Entertainment', 'Expense', 'EntertainmentMeals'],
  ['Office Supplies', 'Expense', 'OfficeGeneralAdministrativeExpenses'],
  ['Rent or Lease', 'Expense', 'RentOrLeaseOfBuildings'],
  ['Utilities', 'Expense', 'Utilities'],
  ['Insurance', 'Expense', 'Insurance'],
  ['Legal & Professional Fees', 'Expense', 'LegalProfessionalFees'],
  ['Bank Charges', 'Expense', 'BankCharges'],
  ['Travel', 'Expense', 'Travel'],
  ['Automobile', 'Expense', 'Auto'],
  ['Repair & Maintenance', 'Expense', 'RepairMaintenance'],
  ['Dues & Subscriptions', 'Expense', 'DuesSubscriptions'],
  ['Cost of Goods Sold', 'Cost of Goods Sold', 'SuppliesMaterialsCogs'],
  ['Job Materials', 'Cost of Goods Sold', 'SuppliesMaterialsCogs'],
  ['Promotional (old)', 'Expense', 'AdvertisingPromotional', false],
];

const INCOME: AccountSpec[] = [
  ['Sales', 'Income', 'SalesOfProductIncome'],
  ['Services', 'Income', 'ServiceFeeIncome'],
  ['Interest Earned', 'Other Income', 'InterestEarned'],
  ['Consulting Income (old)', 'Income', 'ServiceFeeIncome', false],
];

const VENDORS = [
  'Office Depot',
  'Staples',
  'Comcast',
  'PG&E',
  'Chevron',
  'Delta Air Lines',
  'Uber',
  'Starbucks',
  'Amazon Web Services',
  'State Farm Insurance',
  'Hicks Hardware',
  'Lee Advertising',
  'Brosnahan Insurance Agency',
  'Squeaky Kleen Car Wash',
  'Norton Lumber and Building Materials',
];
const CUSTOMERS = [
  "Amy's Bird Sanctuary",
  "Bill's Windsurf Shop",
  'Cool Cars',
  'Diego Rodriguez',
  'Dukes Basketball Camp',
  'Freeman Sporting Goods',
  'Geeta Kalapatapu',
  "Jeff's Jalopies",
  'Kookies by Kathy',
  'Red Rock Diner',
];

/** Creates the chart of accounts and the reference lists, in a fixed order so ids never change. */
export function seedReferenceLists(store: CompanyStore, at: number): SeedRefs {
  const put = (entity: string, fields: JsonObject, id?: string): QboEntity =>
    store.insert(
      entity,
      normalizeEntity(entity, fields, () => undefined),
      { at, id, silent: true },
    );
  const account = ([Name, AccountType, AccountSubType, active = true]: AccountSpec): QboEntity =>
    put('Account', { Name, AccountType, AccountSubType, Active: active, CurrencyRef: { value: 'USD', name: 'United States Dollar' } });

  const [checking, savings, visa, mastercard, , accountsPayable, undepositedFunds, asset, expense, income, askMyAccountant] = BANKING.map(account) as [
    QboEntity,
    QboEntity,
    QboEntity,
    QboEntity,
    QboEntity,
    QboEntity,
    QboEntity,
    QboEntity,
    QboEntity,
    QboEntity,
    QboEntity,
  ];
  const expenseAccounts = EXPENSES.map(account).filter((row) => row.Active !== false);
  const incomeAccounts = INCOME.map(account).filter((row) => row.Active !== false);
  const [sales, services] = incomeAccounts as [QboEntity, QboEntity];

  put('TaxCode', { Name: 'TAX', Description: 'Taxable', Taxable: true, TaxGroup: false, Active: true }, 'TAX');
  put('TaxCode', { Name: 'NON', Description: 'Non-Taxable', Taxable: false, TaxGroup: false, Active: true }, 'NON');
  put('Term', { Name: 'Net 30', Type: 'STANDARD', DueDays: 30 });

  const vendors = VENDORS.map((name, i) =>
    put('Vendor', { DisplayName: name, CompanyName: name, PrintOnCheckName: name, Vendor1099: i % 5 === 0, Active: i !== VENDORS.length - 1 }),
  ).filter((row) => row.Active !== false);
  const customers = CUSTOMERS.map((name, i) =>
    put('Customer', { DisplayName: name, CompanyName: name, Taxable: i % 2 === 0, Active: i !== CUSTOMERS.length - 1 }),
  ).filter((row) => row.Active !== false);
  put('Employee', { DisplayName: 'Emily Platt', GivenName: 'Emily', FamilyName: 'Platt' });
  put('Employee', { DisplayName: 'John Johnson', GivenName: 'John', FamilyName: 'Johnson' });

  const classes = ['Retail', 'Wholesale', 'Online', 'Legacy'].map((Name, i) => put('Class', { Name, Active: i < 3 })).filter((row) => row.Active);
  const departments = ['Downtown', 'Uptown', 'Warehouse (closed)'].map((Name, i) => put('Department', { Name, Active: i < 2 })).filter((row) => row.Active);
  const item = (Name: string, Type: string, incomeAccount: QboEntity, UnitPrice: number, Active = true): QboEntity =>
    put('Item', { Name, Type, UnitPrice, Active, Taxable: false, IncomeAccountRef: { value: incomeAccount.Id, name: incomeAccount.Name as string } });
  const items = [
    item('Services', 'Service', services, 0),
    item('Hours', 'Service', services, 85),
    item('Design', 'Service', services, 75),
    item('Materials', 'NonInventory', sales, 25),
    item('Gift Basket', 'NonInventory', sales, 40),
  ];
  item('Old Widget', 'NonInventory', sales, 10, false);
  const paymentMethods = [
    ['Cash', 'NON_CREDIT_CARD'],
    ['Check', 'NON_CREDIT_CARD'],
    ['Visa', 'CREDIT_CARD'],
    ['MasterCard', 'CREDIT_CARD'],
    ['American Express', 'CREDIT_CARD'],
  ].map(([Name = '', Type = '']) => put('PaymentMethod', { Name, Type }));

  return {
    checking,
    savings,
    cards: [visa, mastercard],
    accountsPayable,
    undepositedFunds,
    watched: { expense, income, asset, askMyAccountant },
    expenseAccounts,
    incomeAccounts,
    vendors,
    customers,
    classes,
    departments,
    items,
    paymentMethods,
  };
}

/** CompanyInfo and Preferences: what a client reads right after connecting. */
export function seedCompanySettings(store: CompanyStore, at: number): void {
  store.insert(
    'CompanyInfo',
    {
      CompanyName: store.name,
      LegalName: store.name,
      Country: 'US',
      CompanyAddr: { Line1: '123 Sierra Way', City: 'San Pablo', CountrySubDivisionCode: 'CA', PostalCode: '87999' },
      Email: { Address: 'noreply@quickbooks.com' },
      FiscalYearStartMonth: 'January',
      SupportedLanguages: 'en',
    },
    { at, silent: true, id: '1' },
  );
  store.insert(
    'Preferences',
    {
      AccountingInfoPrefs: { TrackDepartments: true, DepartmentTerminology: 'Location', ClassTrackingPerTxn: false, ClassTrackingPerTxnLine: true },
      CurrencyPrefs: { MultiCurrencyEnabled: false, HomeCurrency: { value: 'USD' } },
      TaxPrefs: { UsingSalesTax: true },
    },
    { at, silent: true, id: '2' },
  );
}
