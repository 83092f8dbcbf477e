import { describe, expect, it } from 'vitest';
import { faultFromResponse } from './qbo-faults.js';

describe('QuickBooks faults', () => {
  it('reads the lower-case 401 and says to refresh', () => {
    const fault = faultFromResponse(401, {
      fault: {
        error: [{ message: 'message=AuthenticationFailed; errorCode=003200; statusCode=401', detail: 'Token expired: abc', code: '3200' }],
        type: 'AUTHENTICATION',
      },
    });
    expect(fault).toMatchObject({ kind: 'auth', code: '3200', detail: 'Token expired: abc' });
  });

  it('tells a stale SyncToken from a validation fault, keeping the ledger’s words', () => {
    const stale = faultFromResponse(400, {
      Fault: { Error: [{ Message: 'Stale Object Error', Detail: 'You and Jo were working on this at the same time.', code: '5010' }], type: 'ValidationFault' },
    });
    expect(stale.kind).toBe('stale');
    const duplicate = faultFromResponse(400, {
      Fault: { Error: [{ Message: 'Duplicate Name Exists Error', Detail: 'The name supplied already exists. : Id=58', code: '6240' }], type: 'ValidationFault' },
    });
    expect(duplicate).toMatchObject({ kind: 'validation', code: '6240' });
    expect(duplicate.ledgerMessage).toBe('Duplicate Name Exists Error: The name supplied already exists. : Id=58');
  });

  it('treats 429 as throttled and 5xx as a system failure, even without a body', () => {
    expect(faultFromResponse(429, null).kind).toBe('throttled');
    expect(faultFromResponse(503, 'Service Unavailable').kind).toBe('system');
  });
});
