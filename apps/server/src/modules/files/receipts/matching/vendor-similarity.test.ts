import { describe, expect, it } from 'vitest';
import { compareVendors, keySimilarity, vendorKeyOf } from './vendor-similarity.rule.js';

const charge = (payee: string) => ({ payee: '', description: payee, merchantKey: null });

/** A vendor as a receipt prints it, and a bank's line for the same merchant. */
const SAME: [string, string][] = [
  ['Amazon.com', 'AMZN Mktp US*2K4L09XY2'],
  ['Amazon', 'Amazon.com*MK1AB23C0 Amzn.com/bill WA'],
  ['Starbucks Coffee', 'SBUX 01234 SEATTLE WA'],
  ['Starbucks Coffee Company', 'STARBUCKS STORE 10342 NEW YORK NY'],
  ['Starbcks', 'STARBUCKS STORE 01234 SEATTLE WA'],
  ['Walmart Supercenter', 'WM SUPERCENTER #1234 AUSTIN TX'],
  ['Wal-Mart', 'WAL-MART #0423 DALLAS TX'],
  ['Target', 'TGT 00012345 AUSTIN TX'],
  ['Costco Wholesale', 'COSTCO WHSE #0123 AUSTIN TX'],
  ['Whole Foods Market', 'WHOLEFDS AUS 10248 AUSTIN TX'],
  ['Whole Foods', 'WHOLE FOODS MARKET 10248 AUSTIN TX'],
  ['The Home Depot', 'HOME DEPOT 6543 PHOENIX AZ'],
  ['Blue Bottle Coffee', 'SQ *BLUE BOTTLE COFFEE OAKLAND CA'],
  ['Blue Bottle', 'SQ *BLUE BOTTLE COFFEE OAKLAND CA'],
  ["Joe's Pizza", 'TST* JOES PIZZA - BROOKLYN BROOKLYN NY'],
  ["McDonald's", "MCDONALD'S F12345 CHICAGO IL"],
  ['Uber', 'UBER *TRIP HELP.UBER.COM CA'],
  ['Lyft', 'LYFT *RIDE SUN 9PM 855-280-0278 CA'],
  ['Adobe Systems', 'ADOBE *CREATIVE CLD 408-536-6000 CA'],
  ['QuickBooks Online', 'INTUIT *QBOOKS ONLINE CL.INTUIT.COM CA'],
  ['Meta Platforms, Inc.', 'FACEBK *ADS 650-543-4800 CA'],
  ['Best Buy', 'BESTBUY 00012345 AUSTIN TX'],
  ["Lowe's", 'LOWES #01234 AUSTIN TX'],
  ['FedEx Office', 'FEDEX OFFIC 1234 AUSTIN TX'],
  ['United States Postal Service', 'USPS PO 4812340123 AUSTIN TX'],
  ['Shell', 'SHELL OIL 57442 AUSTIN TX'],
  ['ExxonMobil', 'EXXON MOBIL 4512 DALLAS TX'],
  ['Chipotle Mexican Grill', 'CHIPOTLE 1234 AUSTIN TX'],
  ['Panera Bread', 'PANERA BREAD #601234 AUSTIN TX'],
  ['Shake Shack', 'SQ *SHAKE SHACK 0123'],
  ['7-Eleven', '7-ELEVEN 34567 AUSTIN TX'],
];

/** Different merchants, some sharing words or letters. */
const DIFFERENT: [string, string][] = [
  ['Delta Air Lines', 'DELTA DENTAL OF CA ACH'],
  ['Delta', 'DELTA DENTAL OF CA ACH'],
  ['Home Depot', 'OFFICE DEPOT #1234'],
  ["Joe's Pizza", 'TST* JOES CRAB SHACK 123'],
  ['Amazon', 'AMAZON WEB SERVICES AWS.AMAZON.CO WA'],
  ['Target', 'TJ MAXX #0123 AUSTIN TX'],
  ['Starbucks', 'DUNKIN #1234 BOSTON MA'],
  ['Blue Bottle Coffee', 'SQ *BLUE APRON NEW YORK NY'],
  ['Chevron', 'SHELL OIL 57442 AUSTIN TX'],
  ['Netflix', 'PAYPAL *SPOTIFY 4029357733'],
  ['Walmart', 'WALGREENS #1234 AUSTIN TX'],
  ['Costco', 'COSTA COFFEE 0091 LONDON'],
  ['Copper Office Supply', 'TST* PINE OFFICE SUPPLY 4311'],
  ['Golden Print Shop', 'SQ *HARBOR PRINT SHOP OAKLAND CA'],
];

describe('vendor similarity', () => {
  it.each(SAME)('"%s" matches "%s"', (vendor, payee) => {
    expect(compareVendors(vendor, charge(payee)).similarity).toBeGreaterThanOrEqual(0.7);
  });

  it.each(DIFFERENT)('"%s" does not match "%s"', (vendor, payee) => {
    expect(compareVendors(vendor, charge(payee)).similarity).toBeLessThanOrEqual(0.5);
  });

  it('uses the charge’s stored merchant key when the job has read one', () => {
    expect(compareVendors('Amazon', { payee: 'XYZ', description: '', merchantKey: 'amazon' }).similarity).toBe(1);
  });

  it('finds nothing in common when either side names nobody', () => {
    expect(compareVendors('', charge('AMZN Mktp US*2K4L09XY2')).similarity).toBe(0);
    expect(compareVendors('Amazon', { payee: '', description: '123456', merchantKey: '' }).similarity).toBe(0);
  });

  it('reads receipt aliases after the merchant rules', () => {
    expect(vendorKeyOf('SBUX 01234')).toBe('starbucks');
    expect(vendorKeyOf('Costco Wholesale #123')).toBe('costco');
    expect(keySimilarity('amzn', 'amazon')).toBeGreaterThanOrEqual(0.8);
  });
});
