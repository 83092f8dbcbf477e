import { requireEndpoint } from './endpoints.js';
import { ACCOUNT_CLASS } from './prepare-reference.js';
import type { OrgStore } from './store.js';
import type { JsonObject, XeroRecord } from './types.js';

/** The seeded records transactions are drawn from. */
export interface SeedRefs {
  bank: XeroRecord;
  savings: XeroRecord;
  creditCard: XeroRecord;
  suspense: XeroRecord;
  askMyAccountant: XeroRecord;
  receivable: XeroRecord;
  payable: XeroRecord;
  expenses: XeroRecord[];
  income: XeroRecord[];
  suppliers: XeroRecord[];
  customers: XeroRecord[];
  /** [category, its options] for both tracking categories. */
  tracking: { category: XeroRecord; options: JsonObject[] }[];
}

/** Xero's demo-company style chart: [code, name, type, tax type, extras]. */
const ACCOUNTS: [string, string, string, string, JsonObject?][] = [
  ['090', 'Business Bank Account', 'BANK', 'NONE', { BankAccountType: 'BANK', BankAccountNumber: '0201234567890', CurrencyCode: 'NZD' }],
  ['091', 'Business Savings Account', 'BANK', 'NONE', { BankAccountType: 'BANK', BankAccountNumber: '0201234567891', CurrencyCode: 'NZD' }],
  // Xero keeps credit cards as BANK-type accounts told apart by BankAccountType.
  ['092', 'Company Credit Card', 'BANK', 'NONE', { BankAccountType: 'CREDITCARD', BankAccountNumber: '4111', CurrencyCode: 'NZD' }],
  ['200', 'Sales', 'REVENUE', 'OUTPUT2'],
  ['260', 'Other Revenue', 'REVENUE', 'OUTPUT2'],
  ['270', 'Interest Income', 'OTHERINCOME', 'NONE'],
  ['310', 'Cost of Goods Sold', 'DIRECTCOSTS', 'INPUT2'],
  ['400', 'Advertising', 'OVERHEADS', 'INPUT2'],
  ['404', 'Bank Fees', 'OVERHEADS', 'NONE'],
  ['408', 'Cleaning', 'OVERHEADS', 'INPUT2'],
  ['412', 'Consulting & Accounting', 'EXPENSE', 'INPUT2'],
  ['429', 'General Expenses', 'EXPENSE', 'INPUT2'],
  ['445', 'Light, Power, Heating', 'OVERHEADS', 'INPUT2'],
  ['453', 'Office Expenses', 'OVERHEADS', 'INPUT2'],
  ['469', 'Rent', 'OVERHEADS', 'INPUT2'],
  ['489', 'Telephone & Internet', 'OVERHEADS', 'INPUT2'],
  ['493', 'Travel - National', 'OVERHEADS', 'INPUT2'],
  // The two "watched" accounts a bookkeeper parks unknown items on until the client answers.
  // Suspense is a current liability (it must clear to zero, so it belongs on the balance sheet);
  // Ask My Accountant is an expense, mirroring QuickBooks' account of that name.
  ['250', 'Suspense', 'CURRLIAB', 'NONE'],
  ['499', 'Ask My Accountant', 'EXPENSE', 'NONE'],
  ['610', 'Accounts Receivable', 'CURRENT', 'NONE', { SystemAccount: 'DEBTORS' }],
  ['620', 'Prepayments', 'CURRENT', 'NONE'],
  ['800', 'Accounts Payable', 'CURRLIAB', 'NONE', { SystemAccount: 'CREDITORS' }],
  ['820', 'GST', 'CURRLIAB', 'NONE', { SystemAccount: 'GST' }],
  ['960', 'Retained Earnings', 'EQUITY', 'NONE', { SystemAccount: 'RETAINEDEARNINGS' }],
  ['970', 'Owner A Funds Introduced', 'EQUITY', 'NONE'],
];

const TAX_RATES: [string, string, number, string][] = [
  ['INPUT', 'Tax on Purchases', 10, 'INPUT'],
  ['OUTPUT', 'Tax on Sales', 10, 'OUTPUT'],
  ['INPUT2', 'GST on Expenses', 15, 'INPUT'],
  ['OUTPUT2', 'GST on Income', 15, 'OUTPUT'],
  ['NONE', 'No GST', 0, 'NONE'],
  ['ZERORATED', 'Zero Rated', 0, 'OUTPUT'],
];

const SUPPLIERS = ['ABC Furniture', 'PowerDirect', 'Swanston Security', 'Capital Cab Co', 'Net Connect', 'Central Copiers', 'Hoyt Productions', 'SMART Agency'];
const CUSTOMERS = ['Bayside Club', 'Ridgeway University', 'City Limousines', 'Marine Systems', 'Hamilton Smith Ltd', 'Basket Case', 'Boom FM'];
const TRACKING: [string, string[]][] = [
  ['Region', ['North', 'South', 'Eastside', 'West Coast']],
  ['Department', ['Sales', 'Operations', 'Admin']],
];

/** Accounts, tax rates, contacts, tracking categories and items, all dated `at`. */
export function seedReferenceLists(store: OrgStore, at: number): SeedRefs {
  const put = (endpoint: string, fields: JsonObject) => store.insert(requireEndpoint(endpoint), fields, { at, silent: true });
  for (const [TaxType, Name, rate, ReportTaxType] of TAX_RATES) {
    put('TaxRates', {
      TaxType,
      Name,
      Status: 'ACTIVE',
      ReportTaxType,
      EffectiveRate: rate,
      DisplayTaxRate: rate,
      TaxComponents: [{ Name: 'GST', Rate: rate, IsCompound: false, IsNonRecoverable: false }],
      CanApplyToAssets: true,
      CanApplyToEquity: true,
      CanApplyToExpenses: true,
      CanApplyToLiabilities: true,
      CanApplyToRevenue: true,
    });
  }
  const byCode = new Map<string, XeroRecord>();
  for (const [Code, Name, Type, TaxType, extra] of ACCOUNTS) {
    const row = put('Accounts', {
      Code,
      Name,
      Type,
      TaxType,
      Class: ACCOUNT_CLASS[Type] ?? null,
      Status: 'ACTIVE',
      EnablePaymentsToAccount: false,
      ShowInExpenseClaims: false,
      ...extra,
    });
    byCode.set(Code, row);
  }
  const account = (code: string): XeroRecord => {
    const row = byCode.get(code);
    if (!row) throw new Error(`seed account ${code} missing`);
    return row;
  };
  const contact = (Name: string, supplier: boolean) =>
    put('Contacts', {
      Name,
      ContactStatus: 'ACTIVE',
      IsSupplier: supplier,
      IsCustomer: !supplier,
      EmailAddress: `accounts@${Name.toLowerCase().replace(/[^a-z]+/g, '')}.example`,
    });
  const suppliers = SUPPLIERS.map((name) => contact(name, true));
  const customers = CUSTOMERS.map((name) => contact(name, false));
  const tracking = TRACKING.map(([Name, names]) => {
    const options = names.map((option) => ({ TrackingOptionID: store.newId(), Name: option, Status: 'ACTIVE' }));
    return { category: put('TrackingCategories', { Name, Status: 'ACTIVE', Options: options }), options };
  });
  put('Items', { Code: 'DEV', Name: 'Development work', IsSold: true, IsPurchased: false, SalesDetails: { UnitPrice: 15000, AccountCode: '200', TaxType: 'OUTPUT2' } });
  put('Items', { Code: 'CONS', Name: 'Consulting hour', IsSold: true, IsPurchased: false, SalesDetails: { UnitPrice: 12000, AccountCode: '200', TaxType: 'OUTPUT2' } });
  put('Items', {
    Code: 'PAPER',
    Name: 'Copier paper (box)',
    IsSold: false,
    IsPurchased: true,
    PurchaseDetails: { UnitPrice: 4500, AccountCode: '453', TaxType: 'INPUT2' },
  });
  return {
    bank: account('090'),
    savings: account('091'),
    creditCard: account('092'),
    suspense: account('250'),
    askMyAccountant: account('499'),
    receivable: account('610'),
    payable: account('800'),
    expenses: ['310', '400', '404', '408', '412', '429', '445', '453', '469', '489', '493'].map(account),
    income: ['200', '260', '270'].map(account),
    suppliers,
    customers,
    tracking,
  };
}
