/**
 * Well-known merchants that a printed receipt and a bank line name differently
 * ("Starbucks Coffee" on the receipt, "SBUX" or "STARBUCKS STORE 01234" at the bank), by the
 * merchant key `normalizeMerchant` gives either text, or by its first words. The suggestions'
 * own spellings (AMZN Mktp → Amazon, WHOLEFDS → Whole Foods) are already applied by
 * `normalizeMerchant`; these are the ones a receipt adds. Every entry is covered by the pairs in
 * `vendor-similarity.test.ts`.
 */
export const VENDOR_ALIASES: Record<string, string> = {
  sbux: 'starbucks',
  'starbucks coffee': 'starbucks',
  'wm supercenter': 'walmart',
  'wal mart': 'walmart',
  'walmart supercenter': 'walmart',
  wmt: 'walmart',
  tgt: 'target',
  'costco whse': 'costco',
  'costco wholesale': 'costco',
  'mcdonald s': 'mcdonalds',
  mcdonald: 'mcdonalds',
  'dunkin donuts': 'dunkin',
  bestbuy: 'best buy',
  'lowe s': 'lowes',
  'lowes home': 'lowes',
  homedepot: 'home depot',
  'fedex office': 'fedex',
  'fedex offic': 'fedex',
  'fedex kinkos': 'fedex',
  'usps po': 'usps',
  'united states postal': 'usps',
  'us postal service': 'usps',
  'the ups store': 'ups store',
  facebk: 'facebook',
  'meta platforms': 'facebook',
  'meta ads': 'facebook',
  'fb ads': 'facebook',
  'intuit qbooks': 'quickbooks',
  'intuit quickbooks': 'quickbooks',
  qbooks: 'quickbooks',
  quickbooks: 'quickbooks',
  'exxon mobil': 'exxonmobil',
  exxon: 'exxonmobil',
  'cvs pharmacy': 'cvs',
  'walgreens pharmacy': 'walgreens',
  'southwest airlines': 'southwest',
  'southwest air': 'southwest',
  swa: 'southwest',
  'united airlines': 'united airlines',
  'ual united': 'united airlines',
  'hilton hotels': 'hilton',
  'marriott hotels': 'marriott',
  'lyft ride': 'lyft',
  'uber trip': 'uber',
  'shell oil': 'shell',
  'shell service': 'shell',
  'adobe systems': 'adobe',
  'adobe creative': 'adobe',
  'apple store': 'apple',
  'amazon com': 'amazon',
};

/** Longest alias first: the whole key, then its first three, two and one words. */
export const canonicalVendorKey = (key: string): string => {
  const words = key.split(' ');
  for (const length of [words.length, 3, 2, 1]) {
    if (length > words.length) continue;
    const alias = VENDOR_ALIASES[words.slice(0, length).join(' ')];
    if (alias) return alias;
  }
  return key;
};
