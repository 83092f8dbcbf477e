import { z } from 'zod';
import { messages } from './messages.js';

/** Keys whose words would read badly as a label. */
const LABELS: Record<string, string> = { pk: 'Id', pks: 'Items' };

/** `client_company` → "Client company": the field a message speaks of, from the issue's path (a list item takes its list's name). */
export const labelOf = (path: readonly PropertyKey[] | undefined): string => {
  const key = [...(path ?? [])].reverse().find((k): k is string => typeof k === 'string');
  if (!key) return 'Value';
  if (LABELS[key]) return LABELS[key];
  const words = key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Value';
};

type Issue = z.core.$ZodRawIssue;
const NUMERIC = new Set(['number', 'int', 'bigint']);
const isNumeric = (issue: Issue) => NUMERIC.has((issue as { origin?: string }).origin ?? '');

const tooSmall = (issue: Extract<Issue, { code: 'too_small' }>, label: string) => {
  const min = issue.minimum as number | bigint;
  if (issue.origin === 'string') return min === 1 ? messages.required(label) : messages.tooShort(label, Number(min));
  if (issue.origin === 'array' || issue.origin === 'set') return min === 1 ? messages.required(label) : messages.tooFew(label, min);
  if (isNumeric(issue)) return issue.inclusive === false ? messages.moreThan(label, min) : messages.atLeast(label, min);
  return messages.notValid(label);
};

const tooBig = (issue: Extract<Issue, { code: 'too_big' }>, label: string) => {
  const max = issue.maximum as number | bigint;
  if (issue.origin === 'string') return messages.tooLong(label, Number(max));
  if (issue.origin === 'array' || issue.origin === 'set') return messages.tooMany(label, max);
  if (isNumeric(issue)) return messages.atMost(label, max);
  return messages.notValid(label);
};

/**
 * Herd's wording for whatever a schema did not word itself, so no answer or
 * form ever shows zod's own ("Too small: expected number to be >0"). A
 * schema's own message always wins over this.
 */
export const herdErrorMap = (issue: Issue): string => {
  const label = labelOf(issue.path);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return messages.required(label);
      if (issue.expected === 'int') return messages.notWholeNumber(label);
      if (NUMERIC.has(issue.expected)) return messages.notNumber(label);
      return messages.notValid(label);
    case 'too_small':
      return tooSmall(issue, label);
    case 'too_big':
      return tooBig(issue, label);
    default:
      return messages.notValid(label);
  }
};

/** Installed when the contract is first imported, so the server and the web app word errors alike. */
z.config({ customError: herdErrorMap });
