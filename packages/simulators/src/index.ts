/** Local stand-ins of the ledgers and services Herd talks to, speaking their wire protocols. */
export * from './karbon/index.js';
export * from './qbd/index.js';
export * from './qbo/index.js';
export * from './stripe/index.js';
export * from './twilio/index.js';
export * from './xero/index.js';
export * from './contract-check/index.js';
export * from './qbxml-check/index.js';
