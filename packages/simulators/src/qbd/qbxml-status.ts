import type { OutElement } from './xml-tree.js';

/** A `…Rs` element's status attributes (INTEGRATIONS.md §3.3; messages as Intuit's status-code table words them). */
export interface QbxmlStatus {
  statusCode: number;
  statusSeverity: 'Info' | 'Warn' | 'Error';
  statusMessage: string;
}

export const STATUS_OK: QbxmlStatus = { statusCode: 0, statusSeverity: 'Info', statusMessage: 'Status OK' };
export const NO_MATCH: QbxmlStatus = { statusCode: 1, statusSeverity: 'Info', statusMessage: 'A query request did not find a matching object in QuickBooks' };

export function notAllFound(value: string): QbxmlStatus {
  return {
    statusCode: 500,
    statusSeverity: 'Warn',
    statusMessage: `The query request has not been fully completed. There was a required element ("${value}") that could not be found in QuickBooks.`,
  };
}

const error = (statusCode: number, statusMessage: string): QbxmlStatus => ({ statusCode, statusSeverity: 'Error', statusMessage });

export const nameNotUnique = (name: string): QbxmlStatus => error(3100, `The name "${name}" of the list element is already in use.`);
export const objectNotFound = (id: string): QbxmlStatus => error(3120, `Object "${id}" specified in the request cannot be found.`);
export const invalidReference = (value: string, field: string): QbxmlStatus =>
  error(3140, `There is an invalid reference to QuickBooks ${field.replace(/Ref$/, '')} "${value}".`);
export const missingElement = (field: string): QbxmlStatus => error(3150, `There is a missing element: "${field}".`);
export const editSequenceOutOfDate = (editSequence: string): QbxmlStatus => error(3200, `The provided edit sequence "${editSequence}" is out-of-date.`);
export const invalidValue = (value: string, field: string): QbxmlStatus => error(3210, `The "${field}" field has an invalid value "${value}".`);
/**
 * A transaction dated on or before the company's closing date. 3171 and its wording are as QuickBooks
 * answers a Mod of such a transaction (seen in an integrator's logs; the message goes on to ask for an
 * admin to clear the closing-date password); that an Add gets the same code is UNCONFIRMED.
 */
export const closedPeriod = (verb: 'add' | 'modify', kind: string): QbxmlStatus =>
  error(3171, `An attempt was made to ${verb} a ${kind} with a date that is on or before the closing date of the company.`);
export const unsupportedRequest = (name: string): QbxmlStatus => error(1030, `The request "${name}" is not supported by this simulator.`);
/**
 * An iterator that is unknown, finished or from another QuickBooks session. Intuit's table names no
 * code for it in the sources at hand, so this is a choice (3120, object not found): UNCONFIRMED.
 */
export const iteratorNotFound = (iteratorId: string): QbxmlStatus => error(3120, `Object "${iteratorId}" specified in the request cannot be found.`);

/** The answer to one request: its `…Rs` status plus Ret elements and any extra attributes (iterator). */
export interface RequestOutcome {
  status: QbxmlStatus;
  rets: OutElement[];
  attrs?: Record<string, string>;
}

export const failed = (status: QbxmlStatus): RequestOutcome => ({ status, rets: [] });
