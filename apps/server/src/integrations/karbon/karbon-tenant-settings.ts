import type { KarbonWorkStatus, KarbonWorkType } from '@herd/contract';
import { AnswerReader, type Json } from './karbon-answer-reader.js';
import type { KarbonTenant } from '../../modules/firm/practice-management/karbon.port.js';

/**
 * Karbon's primary statuses: fixed for every account (KARBON_API.md), written to a work item in the
 * reference's PrimaryStatus enum spelling, shown as Karbon's screens spell them.
 */
const PRIMARY_STATUSES: Record<string, string> = {
  Planned: 'Planned',
  ReadyToStart: 'Ready To Start',
  InProgress: 'In Progress',
  Waiting: 'Waiting',
  Completed: 'Completed',
};

/** A primary status's name in either spelling ("In Progress", "InProgress"), as the enum has it; undefined when it is none of them. */
const primaryStatusOf = (name: string) => Object.keys(PRIMARY_STATUSES).find((status) => status.toLowerCase() === name.replace(/\s+/g, '').toLowerCase());

/** A field of `record` whatever its case: the reference's schema spells AvailableStatuses' lists `primary`, its example `Primary`. */
const field = (record: Json, name: string) => Object.entries(record).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];

function workTypeOf(reader: AnswerReader, entry: Json, at: string): KarbonWorkType {
  const available = entry.AvailableStatuses === undefined || entry.AvailableStatuses === null ? {} : reader.object(entry.AvailableStatuses, `${at}.AvailableStatuses`);
  return {
    key: reader.text(entry.WorkTypeKey, `${at}.WorkTypeKey`),
    name: reader.text(entry.Name, `${at}.Name`),
    statuses: reader.texts(field(available, 'primary'), `${at}.AvailableStatuses.primary`),
    secondaryStatusKeys: reader.texts(field(available, 'secondary'), `${at}.AvailableStatuses.secondary`),
  };
}

/**
 * A primary status and its secondary ones (`Children`), each as a status the firm admin can pick.
 * A primary status whose name is none of Karbon's fixed five could not be written to a work item:
 * it is left out, with its children.
 */
function statusesOf(reader: AnswerReader, entry: Json, at: string): KarbonWorkStatus[] {
  const primaryStatus = primaryStatusOf(reader.text(entry.Name, `${at}.Name`));
  if (!primaryStatus) return [];
  const label = PRIMARY_STATUSES[primaryStatus]!;
  const children = reader.objects(entry.Children, `${at}.Children`, (child, childAt) => ({
    secondaryStatus: reader.text(child.Name, `${childAt}.Name`),
    workStatusKey: reader.text(child.WorkStatusKey, `${childAt}.WorkStatusKey`),
  }));
  return [
    { name: label, type: 'Primary', primaryStatus },
    ...children.map((child) => ({ name: `${label} - ${child.secondaryStatus}`, type: 'Secondary', primaryStatus, ...child })),
  ];
}

/**
 * `GET /v3/TenantSettings` as the reference documents it (GetTenantSettings): the account's key,
 * its work types with the statuses each keeps, and its work statuses (primary ones with their
 * secondary `Children`). Contact and service types are not read: Herd uses neither.
 */
export function readTenantSettings(answer: unknown): KarbonTenant {
  const reader = new AnswerReader('GET /v3/TenantSettings');
  const settings = reader.object(answer, 'the answer');
  return {
    tenantKey: reader.text(settings.TenantKey, 'TenantKey'),
    workTypes: reader.objects(settings.WorkTypes, 'WorkTypes', (entry, at) => workTypeOf(reader, entry, at)),
    workStatuses: reader.objects(settings.WorkStatuses, 'WorkStatuses', (entry, at) => statusesOf(reader, entry, at)).flat(),
  };
}
