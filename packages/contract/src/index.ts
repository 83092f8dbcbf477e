export * from './auth.js';
export * from './client-companies.js';
export * from './constants.js';
export * from './enums.js';
export * from './fields.js';
export * from './messages.js';
export * from './paths.js';
export * from './people.js';
