import type { KarbonSettings } from '@herd/contract';
import type { KarbonWorkStatus } from '@herd/contract';
import type { KarbonInstanceRow } from './karbon.queries.js';

/** The account's work status of this name as last read, if Herd can write it (it knows its PrimaryStatus). */
export const writableWorkStatus = (instance: KarbonInstanceRow, name: string | null): KarbonWorkStatus | null =>
  (name ? instance.workStatuses.find((status) => status.name === name && status.primaryStatus) : undefined) ?? null;

/**
 * What is wrong with the chosen work status, or null. It must be one of the account's as last read;
 * a secondary status also needs a work type that keeps it: KARBON_API.md says Karbon takes one the
 * work type does not keep and silently drops it, so the work item would start without it.
 */
export function workStatusProblem(instance: KarbonInstanceRow, settings: Pick<KarbonSettings, 'work_type' | 'work_status'>): string | null {
  if (!settings.work_status) return null;
  const status = writableWorkStatus(instance, settings.work_status);
  if (!status) return 'Choose one of the Karbon account’s work statuses (read them again if it was added lately).';
  if (!status.secondaryStatus) return null;
  const workType = instance.workTypes.find((type) => type.name === settings.work_type);
  if (workType?.secondaryStatusKeys?.includes(status.workStatusKey ?? '')) return null;
  return workType
    ? `Karbon keeps “${status.secondaryStatus}” only on some work types, and not on ${workType.name}: choose another status or work type.`
    : `“${status.secondaryStatus}” belongs to some of Karbon’s work types only: choose the work type too.`;
}
