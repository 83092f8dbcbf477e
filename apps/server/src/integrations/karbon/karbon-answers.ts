import type { KarbonClientType } from '@herd/contract';
import type { KarbonUser } from '@herd/contract';
import { AnswerReader, type Json } from './karbon-answer-reader.js';
import type { KarbonDirectoryRecord, KarbonFileRecord } from '../../modules/firm/practice-management/karbon.port.js';

/**
 * Karbon's answers to the calls Herd makes, read as its API reference documents them, into Herd's
 * records. Each reader names the operation it reads, so a stray answer says where it strayed.
 */

/** One page of an OData list: its rows, and the link to the next page when there is one. */
export function readPage(operation: string, answer: unknown): { rows: Json[]; next: string | null } {
  const reader = new AnswerReader(operation);
  const page = reader.object(answer, 'the answer');
  if (!Array.isArray(page.value)) reader.fail('value', 'is not a list');
  return {
    rows: reader.objects(page.value, 'value', (row) => row),
    next: reader.optionalText(page['@odata.nextLink'], '@odata.nextLink'),
  };
}

const keyField = (type: KarbonClientType) => (type === 'Organization' ? 'OrganizationKey' : 'ContactKey');

/** A contact's name: its FullName in a list; a single contact has only its parts (the reference's ContactDTO has no FullName). */
function nameOf(reader: AnswerReader, record: Json, at: string): string {
  const full = reader.optionalText(record.FullName, `${at}FullName`);
  if (full) return full;
  const parts = ['FirstName', 'MiddleName', 'LastName'].map((part) => reader.optionalText(record[part], `${at}${part}`)).filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : reader.fail(`${at}FullName`, 'is missing');
}

/** A row of `GET /v3/Organizations` or `GET /v3/Contacts` (the summaries): key, name and email flat on it. */
export function readDirectoryRow(operation: string, row: Json, index: number, type: KarbonClientType): KarbonDirectoryRecord {
  const reader = new AnswerReader(operation);
  const at = `value[${index}].`;
  return {
    key: reader.text(row[keyField(type)], `${at}${keyField(type)}`),
    type,
    name: nameOf(reader, row, at),
    email: reader.optionalText(row.EmailAddress, `${at}EmailAddress`),
  };
}

/**
 * A single organization or contact, asked with `$expand=BusinessCards`: its email is not on it but
 * on its business cards, the primary card's first address (else the first card's).
 */
export function readDirectoryEntity(operation: string, answer: unknown, type: KarbonClientType): KarbonDirectoryRecord {
  const reader = new AnswerReader(operation);
  const record = reader.object(answer, 'the answer');
  const cards = reader.objects(record.BusinessCards, 'BusinessCards', (card, at) => ({
    primary: card.IsPrimaryCard === true,
    emails: reader.texts(card.EmailAddresses, `${at}.EmailAddresses`),
  }));
  const card = cards.find((candidate) => candidate.primary && candidate.emails.length > 0) ?? cards.find((candidate) => candidate.emails.length > 0);
  return { key: reader.text(record[keyField(type)], keyField(type)), type, name: nameOf(reader, record, ''), email: card?.emails[0] ?? null };
}

/** A row of `GET /v3/Users` (GetSingleUser: Id, Name and EmailAddress). */
export function readUser(row: Json, index: number): KarbonUser {
  const reader = new AnswerReader('GET /v3/Users');
  const at = `value[${index}].`;
  return { id: reader.text(row.Id, `${at}Id`), name: reader.optionalText(row.Name, `${at}Name`) ?? '', email: reader.text(row.EmailAddress, `${at}EmailAddress`) };
}

/** The key Karbon gave what Herd just made: a note's `Id`, a work item's `WorkItemKey`. */
export function readCreatedKey(operation: string, answer: unknown, field: 'Id' | 'WorkItemKey'): string {
  const reader = new AnswerReader(operation);
  return reader.text(reader.object(answer, 'the answer')[field], field);
}

/** The first work item of a `GET /v3/WorkItems` page, or null when the page is empty. */
export function readFirstWorkItemKey(answer: unknown): string | null {
  const operation = 'GET /v3/WorkItems';
  const [first] = readPage(operation, answer).rows;
  return first ? new AnswerReader(operation).text(first.WorkItemKey, 'value[0].WorkItemKey') : null;
}

/** `GET /v3/FileList/{EntityType}` (FileList): each attachment's key, name, size and type. */
export function readFileList(answer: unknown): KarbonFileRecord[] {
  const reader = new AnswerReader('GET /v3/FileList/{EntityType}');
  return reader.objects(reader.object(answer, 'the answer').Attachments, 'Attachments', (file, at) => ({
    key: reader.text(file.FileContextKey, `${at}.FileContextKey`),
    name: reader.optionalText(file.FileName, `${at}.FileName`) ?? '',
    size: reader.optionalCount(file.FileSize, `${at}.FileSize`) ?? 0,
    contentType: reader.optionalText(file.MimeType, `${at}.MimeType`) ?? '',
  }));
}
