import type { JsonObject, JsonValue } from './types.js';

/** The reference's PrimaryStatus enum: fixed for every account, spelt without spaces. */
export const PRIMARY_STATUSES = ['Planned', 'ReadyToStart', 'InProgress', 'Waiting', 'Completed'] as const;
/** How a work type lists its primary statuses in TenantSettings (the reference's example spells them with spaces). */
const SPACED: Record<(typeof PRIMARY_STATUSES)[number], string> = {
  Planned: 'Planned',
  ReadyToStart: 'Ready To Start',
  InProgress: 'In Progress',
  Waiting: 'Waiting',
  Completed: 'Completed',
};

/**
 * A tenant's settings as `GET /v3/TenantSettings` answers them in Karbon's reference
 * (`GetTenantSettings`): primary work statuses (`Type: "Primary"`) with their secondary statuses as
 * `Children` (each with its `WorkStatusKey`), work types whose `AvailableStatuses` name the primary
 * statuses and list the secondary statuses' keys, contact types and service types as objects with
 * keys. `AvailableStatuses` is spelt `primary`/`secondary` as the schema has it (the reference's
 * example capitalises them; the schema is what the answers are checked against).
 */
export function tenantSettings(tenantKey: string): JsonObject {
  const secondary = (n: number, name: string) => ({ Name: name, Type: 'Secondary', WorkStatusKey: `${tenantKey}-WS${String(n)}` });
  const children: Record<string, JsonObject[]> = {
    InProgress: [secondary(1, 'With client'), secondary(2, 'In review')],
    Waiting: [secondary(3, 'Waiting for client')],
  };
  const primary = PRIMARY_STATUSES.map((status) => SPACED[status]);
  const workType = (n: number, name: string, keys: number[]) => ({
    Name: name,
    WorkTypeKey: `${tenantKey}-WT${String(n)}`,
    AvailableStatuses: { primary, secondary: keys.map((key) => `${tenantKey}-WS${String(key)}`) },
  });
  return {
    TenantKey: tenantKey,
    ClientAccessActivated: true,
    WorkStatuses: PRIMARY_STATUSES.map((status) => ({ Name: status, Type: 'Primary', Children: children[status] ?? [] })),
    // Each type keeps its own secondary statuses: one valid under another type is dropped from a work item.
    WorkTypes: [workType(1, 'Bookkeeping', [1, 2, 3]), workType(2, 'Tax Return', [2]), workType(3, 'Client Request', [1, 3])],
    ContactTypes: ['Client', 'Prospect', 'Supplier', 'Other'].map((name, i) => ({ Name: name, ContactTypeKey: `${tenantKey}-CT${String(i + 1)}` })),
    ServiceTypes: [{ Name: 'Accounting', ServiceTypeKey: `${tenantKey}-ST1`, WorkTypeKeys: [`${tenantKey}-WT1`, `${tenantKey}-WT2`] }],
  };
}

/** A PrimaryStatus as Karbon takes it in a body (either spelling, KARBON_API.md), in the enum's spelling; undefined when it is none. */
export function primaryStatusOf(value: JsonValue | undefined): string | undefined {
  const wanted = String(value).replace(/\s+/g, '').toLowerCase();
  return PRIMARY_STATUSES.find((status) => status.toLowerCase() === wanted);
}

/**
 * Whether a SecondaryStatus may stand on a work item: a child of its primary status, and listed
 * for its work type. KARBON_API.md: one that is not is accepted and silently dropped.
 */
export function secondaryStatusFits(settings: JsonObject, primary: string, secondary: JsonValue | undefined, workType: JsonValue | undefined): boolean {
  const parent = (settings.WorkStatuses as JsonObject[] | undefined)?.find((status) => status.Name === primary);
  const child = (parent?.Children as JsonObject[] | undefined)?.find((status) => status.Name === secondary);
  const type = (settings.WorkTypes as JsonObject[] | undefined)?.find((candidate) => candidate.Name === workType);
  const keys = ((type?.AvailableStatuses as JsonObject | undefined)?.secondary ?? []) as JsonValue[];
  return Boolean(child) && keys.includes(child?.WorkStatusKey ?? null);
}
