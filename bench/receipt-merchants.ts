/**
 * Merchants of the receipt-matching bench: how a printed receipt names each one and how a bank
 * prints its charge (placeholders filled with noise at random), whether a tip is added after
 * the receipt is printed, and the range of a typical purchase in dollars.
 */
export interface ReceiptBenchMerchant {
  receipt: string[];
  bank: string[];
  tipped: boolean;
  amount: [number, number];
}

const m = (receipt: string[], bank: string[], amount: [number, number], tipped = false): ReceiptBenchMerchant => ({ receipt, bank, amount, tipped });

/** Well-known merchants, their receipts' and banks' spellings. */
export const KNOWN: ReceiptBenchMerchant[] = [
  m(['Amazon.com', 'Amazon', 'amazon.com, Inc.'], ['AMZN Mktp US*{ref}', 'Amazon.com*{ref} Amzn.com/bill WA', 'AMAZON MKTPLACE PMTS AMZN.COM/BILL WA'], [8, 300]),
  m(['Starbucks Coffee', 'STARBUCKS', 'Starbucks Coffee Company'], ['STARBUCKS STORE {n} {city}', 'SBUX {n} {city}', 'CHECKCARD {mmdd} STARBUCKS #{n} {city}'], [3, 25]),
  m(['Walmart Supercenter', 'Walmart', 'WAL-MART'], ['WM SUPERCENTER #{n} {city}', 'WAL-MART #{n} {city}', 'WALMART.COM {phone}'], [10, 250]),
  m(['Target', 'TARGET STORE T-{n}'], ['TARGET {n} {city}', 'TGT {digits} {city}'], [10, 200]),
  m(['Costco Wholesale', 'COSTCO'], ['COSTCO WHSE #{n} {city}'], [40, 600]),
  m(['Whole Foods Market', 'WHOLE FOODS'], ['WHOLEFDS AUS {n} {city}', 'WHOLE FOODS MARKET {n} {city}'], [15, 180]),
  m(['The Home Depot', 'Home Depot'], ['THE HOME DEPOT #{n} {city}', 'HOME DEPOT {n} {city}'], [10, 900]),
  m(["Lowe's", 'LOWES HOME CENTERS'], ['LOWES #{n} {city}'], [10, 700]),
  m(['Office Depot', 'OFFICE DEPOT INC'], ['OFFICE DEPOT #{n}', 'OFFICE DEPOT {n} {city}'], [5, 300]),
  m(['Staples', 'STAPLES INC'], ['STAPLES {n} {city}'], [5, 300]),
  m(['Best Buy', 'BEST BUY #{n}'], ['BESTBUY {digits} {city}', 'BEST BUY {n} {city}'], [20, 1500]),
  m(['FedEx Office', 'FedEx'], ['FEDEX OFFIC {n} {city}', 'FEDEX {digits} MEMPHIS TN'], [5, 150]),
  m(['United States Postal Service', 'USPS'], ['USPS PO {digits} {city}'], [1, 80]),
  m(['The UPS Store'], ['THE UPS STORE {n} {city}'], [8, 120]),
  m(['Shell', 'SHELL OIL'], ['SHELL OIL {digits} {city}'], [25, 110]),
  m(['Chevron'], ['CHEVRON {digits} {city}'], [25, 110]),
  m(['ExxonMobil', 'EXXON'], ['EXXON MOBIL {n} {city}', 'EXXONMOBIL {digits} {city}'], [25, 110]),
  m(['Uber', 'Uber Technologies'], ['UBER *TRIP HELP.UBER.COM CA', 'UBER *TRIP {digits} CA'], [8, 90], true),
  m(['Lyft'], ['LYFT *RIDE {ref} {phone} CA'], [8, 80], true),
  m(['Delta Air Lines'], ['DELTA AIR LINES {digits} ATLANTA GA'], [120, 900]),
  m(['Southwest Airlines'], ['SOUTHWES {digits} {phone} TX', 'SOUTHWEST AIRLINES {digits} DALLAS TX'], [90, 600]),
  m(['Hilton Hotels', 'Hilton Garden Inn'], ['HILTON HOTELS {n} {city}', 'HILTON GARDEN INN {city}'], [120, 700]),
  m(['Marriott'], ['MARRIOTT {n} {city}', 'MARRIOTT HOTELS {city}'], [120, 700]),
  m(['Chipotle Mexican Grill', 'Chipotle'], ['CHIPOTLE {n} {city}'], [9, 60], true),
  m(['Panera Bread'], ['PANERA BREAD #{n} {city}'], [8, 70], true),
  m(["McDonald's"], ["MCDONALD'S F{n} {city}"], [5, 40]),
  m(['Shake Shack'], ['SQ *SHAKE SHACK {n}', 'SHAKE SHACK {n} {city}'], [10, 80], true),
  m(['Blue Bottle Coffee'], ['SQ *BLUE BOTTLE COFFEE {city}'], [4, 30], true),
  m(["Joe's Pizza"], ['TST* JOES PIZZA - {city}', 'TST*JOES PIZZA {digits}'], [12, 90], true),
  m(['Adobe Systems', 'Adobe Inc.'], ['ADOBE *CREATIVE CLD {phone} CA', 'ADOBE *CREATIVE CLD ADOBE.LY/ENUS'], [20, 90]),
  m(['QuickBooks Online', 'Intuit QuickBooks'], ['INTUIT *QBOOKS ONLINE {phone} CA', 'INTUIT *QBOOKS ONLINE CL.INTUIT.COM CA'], [30, 200]),
  m(['Meta Platforms, Inc.', 'Facebook Ads'], ['FACEBK *{ref} {phone} CA'], [20, 800]),
  m(['Google Ads'], ['GOOGLE *ADS{digits} CC@GOOGLE.COM CA'], [20, 800]),
  m(['Zoom Video Communications', 'Zoom'], ['ZOOM.US {phone} CA'], [15, 250]),
  m(['Amazon Web Services'], ['AMAZON WEB SERVICES AWS.AMAZON.CO WA'], [5, 900]),
  m(['Delta Dental'], ['DELTA DENTAL OF CA ACH'], [40, 300]),
  m(['CVS Pharmacy'], ['CVS/PHARMACY #{n} {city}'], [5, 90]),
  m(['Walgreens'], ['WALGREENS #{n} {city}'], [5, 90]),
  m(['7-Eleven'], ['7-ELEVEN {digits} {city}'], [3, 40]),
  m(['Dunkin', "Dunkin' Donuts"], ['DUNKIN #{n} {city}'], [3, 25]),
];

const FIRST = [
  'Maple',
  'Oak',
  'Harbor',
  'Summit',
  'Golden',
  'Riverside',
  'Lucky',
  'Copper',
  'Union',
  'Cedar',
  'Silver',
  'Sunset',
  'Main Street',
  'Bay',
  'Pine',
  'Red Door',
  'Blue Sky',
  'Green Leaf',
  'Northside',
  'Hillcrest',
];
const KINDS: [string, boolean, [number, number]][] = [
  ['Bakery', false, [4, 60]],
  ['Cafe', true, [5, 60]],
  ['Diner', true, [10, 90]],
  ['Bistro', true, [20, 250]],
  ['Hardware', false, [5, 300]],
  ['Print Shop', false, [10, 400]],
  ['Florist', false, [20, 200]],
  ['Auto Repair', false, [60, 1500]],
  ['Taqueria', true, [8, 70]],
  ['Sushi Bar', true, [20, 200]],
  ['Office Supply', false, [5, 250]],
  ['Car Wash', false, [10, 50]],
];

/** Local businesses named alike ("Maple Cafe", "Maple Bakery", "Oak Cafe"): the near-confusions a firm's clients really have. */
export const LOCAL: ReceiptBenchMerchant[] = FIRST.flatMap((first) =>
  KINDS.map(([kind, tipped, amount]) => {
    const name = `${first} ${kind}`;
    const upper = name.toUpperCase();
    return m([name, upper, `${name} LLC`], [`SQ *${upper} {city}`, `TST* ${upper} {n}`, `${upper.slice(0, 18)} {city}`], amount, tipped);
  }),
);
