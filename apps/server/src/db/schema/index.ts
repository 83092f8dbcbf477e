export * from './auth.js';
export * from './client-companies.js';
export * from './enums.js';
export * from './files.js';
export * from './firms.js';
export * from './ledger.js';
export * from './messaging.js';
export * from './users.js';
