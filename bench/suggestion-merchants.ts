/**
 * The labelled merchants of the suggestion bench: how banks print each one
 * (placeholders filled with noise at random) and which account a business
 * files it under, with its share where businesses split it.
 */
export interface BenchMerchant {
  descriptors: string[];
  /** Account name → share of answers (sums to 1). */
  categories: Record<string, number>;
  deposit?: boolean;
}

const one = (category: string) => ({ [category]: 1 });

export const CHART: [name: string, type: string][] = [
  ['Software', 'Expense'],
  ['Advertising', 'Expense'],
  ['Meals', 'Expense'],
  ['Travel', 'Expense'],
  ['Fuel', 'Expense'],
  ['Office Supplies', 'Expense'],
  ['Equipment', 'Expense'],
  ['Shipping', 'Expense'],
  ['Utilities', 'Expense'],
  ['Telephone', 'Expense'],
  ['Payroll Expenses', 'Expense'],
  ['Payroll Taxes', 'Expense'],
  ['Rent', 'Expense'],
  ['Insurance', 'Expense'],
  ['Bank Fees', 'Expense'],
  ['Professional Fees', 'Expense'],
  ['Contractors', 'Expense'],
  ['Cost of Goods Sold', 'Cost of Goods Sold'],
  ['Sales', 'Income'],
];

const CARD = ['', 'POS ', 'POS {n} ', 'DEBIT CARD PURCHASE - ', 'PURCHASE AUTHORIZED ON {d} ', 'CHECKCARD {mmdd} '];
const card = (...bodies: string[]) => bodies.flatMap((b) => CARD.map((prefix) => `${prefix}${b}`));

/** Merchants the company being measured has answered before (and other clients too). */
export const SEEN: BenchMerchant[] = [
  { descriptors: card('ADOBE *CREATIVE CLD {phone} CA', 'ADOBE *CREATIVE CLD ADOBE.LY/ENUS'), categories: one('Software') },
  { descriptors: ['PAYPAL *SPOTIFY {digits}', 'SPOTIFY USA {phone} NY'], categories: one('Software') },
  { descriptors: card('INTUIT *QBOOKS ONLINE {phone} CA', 'INTUIT *QBOOKS ONLINE CL.INTUIT.COM CA'), categories: one('Software') },
  { descriptors: card('GOOGLE *GSUITE_ACME CC@GOOGLE.COM CA'), categories: one('Software') },
  { descriptors: card('GOOGLE *ADS{digits} CC@GOOGLE.COM CA', 'GOOGLE *ADS{digits} MOUNTAIN VIEW CA'), categories: one('Advertising') },
  { descriptors: card('FACEBK *{ref} {phone} CA'), categories: one('Advertising') },
  { descriptors: card('ZOOM.US {phone} CA', 'ZOOM.US {phone} WWW.ZOOM.US CA'), categories: one('Software') },
  { descriptors: card('SLACK T{ref} DUBLIN IE'), categories: one('Software') },
  { descriptors: card('DROPBOX*{ref} DROPBOX.COM CA'), categories: one('Software') },
  { descriptors: card('MSFT AZURE {phone} WA'), categories: one('Software') },
  { descriptors: card('AMAZON WEB SERVICES AWS.AMAZON.CO WA'), categories: one('Software') },
  {
    descriptors: card('AMZN Mktp US*{ref}', 'AMZN MKTP US*{ref} AMZN.COM/BILL WA', 'Amazon.com*{ref} Amzn.com/bill WA'),
    categories: { 'Office Supplies': 0.6, Equipment: 0.4 },
  },
  { descriptors: card('STAPLES {n} {city}'), categories: one('Office Supplies') },
  { descriptors: card('OFFICE DEPOT #{n} {city}'), categories: one('Office Supplies') },
  { descriptors: card('SQ *BLUE BOTTLE COFFEE {city}'), categories: one('Meals') },
  { descriptors: card('STARBUCKS STORE {n} {city}', 'STARBUCKS #{n} {city}'), categories: one('Meals') },
  { descriptors: card('TST* JOES PIZZA {n}', 'TST*JOES PIZZA - {city}'), categories: one('Meals') },
  { descriptors: card('CHIPOTLE {n} {city}'), categories: one('Meals') },
  { descriptors: card('DOORDASH*SWEETGREEN {phone} CA'), categories: one('Meals') },
  { descriptors: card('UBER *EATS PENDING', 'UBER *EATS {phone} CA'), categories: one('Meals') },
  { descriptors: card('UBER *TRIP HELP.UBER.COM CA', 'UBER *TRIP {phone} CA'), categories: one('Travel') },
  { descriptors: card('LYFT *RIDE {phone} CA'), categories: one('Travel') },
  { descriptors: card('DELTA AIR LINES {digits} {city}'), categories: one('Travel') },
  { descriptors: card('UNITED AIRLINES {digits} {city}'), categories: one('Travel') },
  { descriptors: card('MARRIOTT {n} {city}'), categories: one('Travel') },
  { descriptors: card('HILTON HOTELS {n} {city}'), categories: one('Travel') },
  { descriptors: card('AIRBNB * {ref} {phone} CA'), categories: one('Travel') },
  { descriptors: card('SHELL OIL {n} {city}'), categories: one('Fuel') },
  { descriptors: card('CHEVRON {n} {city}'), categories: one('Fuel') },
  { descriptors: card('EXXONMOBIL {n} {city}'), categories: one('Fuel') },
  { descriptors: card('FEDEX {digits} {city}'), categories: one('Shipping') },
  { descriptors: card('UPS*{ref} {phone} GA'), categories: one('Shipping') },
  { descriptors: card('USPS PO {digits} {city}'), categories: one('Shipping') },
  { descriptors: ['COMCAST CABLE COMM {phone} PA'], categories: one('Utilities') },
  { descriptors: ['PG&E/EZ-PAY {n}'], categories: one('Utilities') },
  { descriptors: ['ELECTRONIC PAYMENT VERIZON WIRELESS {n}', 'VERIZON WIRELESS {phone} FL'], categories: one('Telephone') },
  { descriptors: ['AT&T *PAYMENT {phone} TX'], categories: one('Telephone') },
  { descriptors: ['ACH DEBIT GUSTO PAYROLL {yymmdd}', 'ACH DEBIT GUSTO PAYROLL {yymmdd} CCD ID: {digits}'], categories: one('Payroll Expenses') },
  { descriptors: ['ACH DEBIT GUSTO TAX {yymmdd}'], categories: one('Payroll Taxes') },
  { descriptors: ['ACH DEBIT ADP PAYROLL FEES {n}'], categories: one('Professional Fees') },
  { descriptors: ['ACH DEBIT WEWORK {n}', 'WEWORK {digits} {city}'], categories: one('Rent') },
  { descriptors: ['REGUS MGMT {n}'], categories: one('Rent') },
  { descriptors: ['ACH DEBIT STATE FARM INS {n}'], categories: one('Insurance') },
  { descriptors: ['HISCOX INC {phone} NY'], categories: one('Insurance') },
  { descriptors: ['MONTHLY SERVICE FEE'], categories: one('Bank Fees') },
  { descriptors: ['WIRE TRANSFER FEE {n}'], categories: one('Bank Fees') },
  { descriptors: card('LEGALZOOM* {ref}'), categories: one('Professional Fees') },
  { descriptors: card('UPWORK *{ref} {phone} CA'), categories: one('Contractors') },
  { descriptors: card('HOME DEPOT {n} {city}', 'THE HOME DEPOT #{n} {city}'), categories: { Equipment: 0.55, 'Office Supplies': 0.45 } },
  { descriptors: card('COSTCO WHSE #{n} {city}'), categories: { 'Office Supplies': 0.6, Meals: 0.4 } },
  { descriptors: card('ULINE *SHIP SUPPLIES {phone} WI'), categories: one('Cost of Goods Sold') },
  { descriptors: ['STRIPE TRANSFER ST-{ref}'], categories: one('Sales'), deposit: true },
  { descriptors: ['SHOPIFY PAYOUT {n}'], categories: one('Sales'), deposit: true },
];

/** Merchants only the firm's other clients have answered. */
export const FIRM_ONLY: BenchMerchant[] = [
  { descriptors: card('LINKEDIN *JOBS {ref}'), categories: one('Advertising') },
  { descriptors: card('YELP INC {phone} CA'), categories: one('Advertising') },
  { descriptors: card('CANVA* {ref}'), categories: one('Software') },
  { descriptors: card('NOTION LABS {phone} CA'), categories: one('Software') },
  { descriptors: card('GITHUB INC {phone} CA'), categories: one('Software') },
  { descriptors: card('HERTZ RENT-A-CAR {n} {city}'), categories: one('Travel') },
  { descriptors: card('FIVERR {n}'), categories: one('Contractors') },
];

/** Merchants nobody in the firm has answered yet. */
export const NEVER_SEEN: BenchMerchant[] = [
  { descriptors: card('WAYFAIR*{ref}'), categories: one('Equipment') },
  { descriptors: card('BEST BUY {n} {city}'), categories: one('Equipment') },
  { descriptors: card('SWEETWATER SOUND {phone} IN'), categories: one('Equipment') },
  { descriptors: card('PANERA BREAD #{n} {city}'), categories: one('Meals') },
  { descriptors: card('SOUTHWEST AIR {digits} TX'), categories: one('Travel') },
];
