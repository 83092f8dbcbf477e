import type { JsonObject } from './types.js';

/** A Fault element as QBO serialises it (capitalised keys, except on 401s). */
export interface FaultError {
  Message: string;
  Detail: string;
  code: string;
  element?: string;
}

export type FaultType = 'ValidationFault' | 'SystemFault' | 'AuthenticationFault' | 'AuthorizationFault';

/** Thrown anywhere in the accounting API; the error handler turns it into QBO's reply. */
export class QboFault extends Error {
  constructor(
    readonly status: number,
    readonly body: JsonObject,
    readonly headers: Record<string, string> = {},
  ) {
    super(JSON.stringify(body));
  }
}

function fault(status: number, type: FaultType | string, error: FaultError): QboFault {
  return new QboFault(status, { Fault: { Error: [{ element: '', ...error }], type } });
}

export function validationFault(code: string, message: string, detail: string, element = ''): QboFault {
  return fault(400, 'ValidationFault', { Message: message, Detail: detail, code, element });
}

export function staleObject(id: string, given: string | undefined, current: string): QboFault {
  return validationFault(
    '5010',
    'Stale Object Error',
    `Stale Object Error : You and another user were working on the same thing (Id ${id}, SyncToken ${given ?? 'none'}, current ${current}). Refresh and try again.`,
  );
}

export function objectNotFound(detail: string, element = ''): QboFault {
  return validationFault('610', 'Object Not Found', `Object Not Found : ${detail}`, element);
}

export function duplicateName(detail: string): QboFault {
  return validationFault('6240', 'Duplicate Name Exists', `The name supplied already exists. : ${detail}`);
}

export function businessValidation(detail: string): QboFault {
  return validationFault('6000', 'A business validation error has occurred while processing your request', `Business Validation Error: ${detail}`);
}

export function requiredParamMissing(param: string): QboFault {
  return validationFault('2020', 'Required param missing, need to supply the required value for the API', `Required parameter ${param} is missing in the request`);
}

export function invalidRequest(detail: string): QboFault {
  return validationFault('2010', 'Request has invalid or unsupported property', `Property Name:${detail}`);
}

/**
 * QuickBooks reads a JSON body into its schema's classes and refuses the whole request when a key is
 * not one of them or a value does not fit (an unknown field, a spelling its enumeration lacks): 400,
 * a ValidationFault with code 2010, here one error per problem, each worded with the schema's names.
 */
export function unsupportedProperties(problems: string[]): QboFault {
  return new QboFault(400, {
    Fault: {
      Error: problems.map((problem) => ({ Message: 'Request has invalid or unsupported property', Detail: `Property Name:${problem}`, code: '2010', element: '' })),
      type: 'ValidationFault',
    },
  });
}

export function queryParserError(detail: string): QboFault {
  return validationFault('4000', 'Error parsing query', `QueryParserError: ${detail}`);
}

export function queryValidationError(detail: string): QboFault {
  return validationFault('4001', 'Invalid query', `QueryValidationError: ${detail}`);
}

export function unsupportedOperation(detail: string): QboFault {
  return validationFault('500', 'Unsupported Operation', `Operation ${detail} is not supported.`);
}

/** 401 from the gateway: lower-case keys and a WWW-Authenticate header, unlike every other fault. */
export function authenticationFailed(detail: string): QboFault {
  return new QboFault(
    401,
    {
      fault: {
        error: [
          {
            message: 'message=AuthenticationFailed; errorCode=003200; statusCode=401',
            detail,
            code: '3200',
          },
        ],
        type: 'AUTHENTICATION',
      },
    },
    { 'www-authenticate': 'Bearer realm="Intuit", error="invalid_token"' },
  );
}

/** 403 when the token belongs to another company or the app is not connected to this realm. */
export function authorizationFailed(realmId: string): QboFault {
  return fault(403, 'AuthorizationFault', {
    Message: 'message=ApplicationAuthorizationFailed; errorCode=003100; statusCode=403',
    Detail: `The application is not authorized to access company ${realmId}`,
    code: '3100',
  });
}

export function throttled(): QboFault {
  return fault(429, 'SERVICE', {
    Message: 'message=ThrottleExceeded; errorCode=003001; statusCode=429',
    Detail: 'The request limit was reached.',
    code: '3001',
  });
}

export function systemFault(detail = 'An internal error occurred.'): QboFault {
  return fault(500, 'SystemFault', {
    Message: 'An application error has occurred while processing your request',
    Detail: `System Failure Error: ${detail}`,
    code: '10000',
  });
}

/** OAuth endpoints answer RFC 6749 errors, not Faults. */
export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description?: string,
  ) {
    super(error);
  }
}
