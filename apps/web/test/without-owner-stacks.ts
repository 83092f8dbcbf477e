import * as React from 'react';

/**
 * React's development build records where every element was created (an "owner stack") by making an
 * `Error` and capturing its stack, for up to 10,000 elements a second. antd's screens create many
 * thousands of elements per render, so in the component tests that capture was a fifth of all the CPU
 * (45 files of transactions and settings tests: 94 s with it, 76 s without, on a two-core machine).
 *
 * React reads how many it captured lately from a counter in its shared internals and stops capturing
 * past 10,000; here that counter always reads as past the limit. The tests lose only some detail in
 * React's own warnings (the line where an element was made); the app in the browser runs React's
 * production build, which records none of this. Should a React upgrade rename the
 * internals, the counter is simply not found and the tests run as before, only slower.
 */
const INTERNALS = '__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE';
const internals: unknown = Reflect.get(React, INTERNALS);
if (typeof internals === 'object' && internals !== null && 'recentlyCreatedOwnerStacks' in internals) {
  Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', { configurable: true, get: () => Number.POSITIVE_INFINITY, set: () => undefined });
}
