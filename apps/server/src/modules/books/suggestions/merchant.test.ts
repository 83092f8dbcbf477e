import { describe, expect, it } from 'vitest';
import { merchantOfTransaction, normalizeMerchant } from './merchant.rule.js';

/** Bank descriptors as banks print them, and the merchant key each must give. */
const CASES: [string, string][] = [
  ['POS 4411 ADOBE *CREATIVE CLD 408-536-6000 CA', 'adobe creative'],
  ['ADOBE *CREATIVE CLD ADOBE.LY/ENUS', 'adobe creative'],
  ['SQ *BLUE BOTTLE COFFEE OAKLAND CA', 'blue bottle coffee'],
  ['SQ *BLUE BOTTLE COFFEE SAN FRANCISC CA', 'blue bottle coffee'],
  ['SQU*SQ *BLUE BOTTLE COFFEE', 'blue bottle coffee'],
  ['PAYPAL *SPOTIFY 4029357733', 'spotify'],
  ['SPOTIFY USA 877-778-1161 NY', 'spotify'],
  ['AMZN Mktp US*2K4L09XY2', 'amazon'],
  ['AMZN MKTP US*RT5JL01Q2 AMZN.COM/BILL WA', 'amazon'],
  ['Amazon.com*MK1AB23C0 Amzn.com/bill WA', 'amazon'],
  ['AMAZON MKTPLACE PMTS AMZN.COM/BILL WA', 'amazon'],
  ['AMAZON WEB SERVICES AWS.AMAZON.CO WA', 'amazon web services'],
  ['AWS EMEA aws.amazon.co LU', 'amazon web services'],
  ['ACH DEBIT GUSTO PAYROLL 241115', 'gusto payroll'],
  ['ACH DEBIT GUSTO PAYROLL 241201 CCD ID: 9138172', 'gusto payroll'],
  ['ACH DEBIT GUSTO TAX 241115', 'gusto tax'],
  ['TST* JOES PIZZA - BROOKLYN BROOKLYN NY', 'joes pizza'],
  ['TST*JOES PIZZA 00012345', 'joes pizza'],
  ['TST* JOES CRAB SHACK 123', 'joes crab shack'],
  ['UBER *TRIP HELP.UBER.COM CA', 'uber trip'],
  ['UBER *TRIP 8005928996 CA', 'uber trip'],
  ['UBER *EATS PENDING', 'uber eats'],
  ['PURCHASE AUTHORIZED ON 09/18 STARBUCKS STORE 01234 SEATTLE WA CARD 1234', 'starbucks'],
  ['STARBUCKS STORE 10342 NEW YORK NY', 'starbucks'],
  ['CHECKCARD 0918 STARBUCKS #1234 AUSTIN TX', 'starbucks'],
  ['DEBIT CARD PURCHASE - CHIPOTLE 1234 AUSTIN TX', 'chipotle'],
  ['CHIPOTLE ONLINE 1-800-3141 CA', 'chipotle online'],
  ['RECURRING PAYMENT AUTHORIZED ON 09/01 ZOOM.US 888-799-9666 CA', 'zoom'],
  ['ZOOM.US 888-799-9666 WWW.ZOOM.US CA', 'zoom'],
  ['GOOGLE *GSUITE_ACMECO CC@GOOGLE.COM CA', 'google workspace'],
  ['GOOGLE *Google Workspace cc@google.com', 'google workspace'],
  ['GOOGLE *ADS1234567890 CC@GOOGLE.COM CA', 'google ads'],
  ['GOOGLE *ADS9876543210 MOUNTAIN VIEW CA', 'google ads'],
  ['APPLE.COM/BILL 866-712-7753 CA', 'apple'],
  ['APPLE.COM/BILL ITUNES.COM CA', 'apple'],
  ['NETFLIX.COM 866-579-7172 CA', 'netflix'],
  ['PAYPAL *NETFLIX 4029357733', 'netflix'],
  ['SHELL OIL 57442 AUSTIN TX', 'shell oil'],
  ['SHELL OIL 12345678 DALLAS TX', 'shell oil'],
  ['CHEVRON 0091234 DALLAS TX', 'chevron'],
  ['CHEVRON 0207711 HOUSTON TX', 'chevron'],
  ['THE HOME DEPOT #0611 AUSTIN TX', 'home depot'],
  ['HOME DEPOT 6543 PHOENIX AZ', 'home depot'],
  ['WHOLEFDS AUS 10248 AUSTIN TX', 'whole foods'],
  ['WHOLE FOODS MARKET 10248 AUSTIN TX', 'whole foods'],
  ['DELTA AIR LINES 0062345678901 ATLANTA GA', 'delta air lines'],
  ['DELTA AIR 0067894561230', 'delta air'],
  ['DELTA DENTAL OF CA ACH', 'delta dental of'],
  ['INTUIT *QBOOKS ONLINE CL.INTUIT.COM CA', 'intuit qbooks'],
  ['INTUIT *QBOOKS ONLINE 800-286-6800 CA', 'intuit qbooks'],
  ['MSFT * E0400ABCDE MSBILL.INFO WA', 'microsoft'],
  ['MSFT AZURE 800-642-7676 WA', 'microsoft azure'],
  ['SLACK T0123ABC DUBLIN IE', 'slack'],
  ['SLACK TECHNOLOGIES 415-630-7943 CA', 'slack technologies'],
  ['COMCAST CABLE COMM 800-COMCAST PA', 'comcast cable comm'],
  ['ATT*BILL PAYMENT 800-288-2020 TX', 'att'],
  ['AT&T *PAYMENT 800-331-0500 TX', 'at&t payment'],
  ['ELECTRONIC PAYMENT VERIZON WIRELESS 4412', 'verizon wireless'],
  ['VZWRLSS*APOCC VISB 800-922-0204 FL', 'vzwrlss apocc'],
  ['PP*ETSY INC 8006923456', 'etsy'],
  ['SP * ALLBIRDS 8884636660 CA', 'allbirds'],
  ['DOORDASH*CHIPOTLE 855-973-1040 CA', 'doordash chipotle'],
  ['DOORDASH*SWEETGREEN 855-973-1040 CA', 'doordash sweetgreen'],
  ['LYFT *RIDE SUN 9PM 855-280-0278 CA', 'lyft ride'],
  ['ZELLE PAYMENT TO JOHN SMITH 8472', 'john smith'],
  ['COSTCO WHSE #0123 AUSTIN TX', 'costco whse'],
  ['COSTCO WHSE #0688 SAN DIEGO CA', 'costco whse'],
  ['FEDEX 78123456 MEMPHIS TN', 'fedex'],
  ['USPS PO 4812340123 AUSTIN TX', 'usps po'],
  ['STAPLES 00112 BOSTON MA', 'staples'],
  ['OFFICE DEPOT #1234', 'office depot'],
  ['Dropbox*7DJK29WN2XYZ dropbox.com CA', 'dropbox'],
  ['WEWORK 123456789 NEW YORK NY', 'wework'],
  ['BOSTON MARKET 0412', 'boston market'],
];

describe('normalizeMerchant', () => {
  it.each(CASES)('%s → %s', (descriptor, key) => {
    expect(normalizeMerchant(descriptor)?.key).toBe(key);
  });

  /** Merchants that share words but are different purchases (and often different categories). */
  const APART: [string, string][] = [
    ['UBER *TRIP HELP.UBER.COM CA', 'UBER *EATS PENDING'],
    ['AMZN Mktp US*2K4L09XY2', 'AMAZON WEB SERVICES AWS.AMAZON.CO WA'],
    ['PAYPAL *SPOTIFY 4029357733', 'PAYPAL *NETFLIX 4029357733'],
    ['SQ *BLUE BOTTLE COFFEE OAKLAND CA', 'SQ *BLUE APRON NEW YORK NY'],
    ['GOOGLE *ADS1234567890 CC@GOOGLE.COM CA', 'GOOGLE *GSUITE_ACMECO CC@GOOGLE.COM CA'],
    ['ACH DEBIT GUSTO PAYROLL 241115', 'ACH DEBIT GUSTO TAX 241115'],
    ['DELTA AIR LINES 0062345678901 ATLANTA GA', 'DELTA DENTAL OF CA ACH'],
    ['TST* JOES PIZZA - BROOKLYN BROOKLYN NY', 'TST* JOES CRAB SHACK 123'],
    ['SHELL OIL 57442 AUSTIN TX', 'SHELLS SEAFOOD 0412 TAMPA FL'],
    ['MSFT AZURE 800-642-7676 WA', 'MSFT * E0400ABCDE MSBILL.INFO WA'],
    ['HOME DEPOT 6543 PHOENIX AZ', 'OFFICE DEPOT #1234'],
  ];
  it.each(APART)('%s is not %s', (a, b) => {
    expect(normalizeMerchant(a)?.key).not.toBe(normalizeMerchant(b)?.key);
  });

  it('names the merchant for people', () => {
    expect(normalizeMerchant('SQ *BLUE BOTTLE COFFEE OAKLAND CA')?.name).toBe('Blue Bottle Coffee');
    expect(normalizeMerchant('AMZN Mktp US*2K4L09XY2')?.name).toBe('Amazon');
  });

  it('finds no merchant in text that names none', () => {
    expect(normalizeMerchant('')).toBeNull();
    expect(normalizeMerchant('   ')).toBeNull();
    expect(normalizeMerchant('123456 0918')).toBeNull();
  });

  it('prefers the payee a bank or ledger gave over the description', () => {
    expect(merchantOfTransaction({ payee: 'Adobe', description: 'POS 4411 XYZ 1234' })?.key).toBe('adobe');
    expect(merchantOfTransaction({ payee: '', description: 'PAYPAL *SPOTIFY 4029357733' })?.key).toBe('spotify');
  });
});
