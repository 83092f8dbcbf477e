import type { FastifyPluginAsync } from 'fastify';
import { badValue, notFound, notFoundPlain } from './errors.js';
import { tenantOf } from './gateway.js';
import { listResponse, type ListSpec } from './odata.js';
import type { KarbonState } from './state.js';
import type { KarbonTenant } from './tenant.js';
import { primaryStatusOf, secondaryStatusFits } from './tenant-settings.js';
import type { JsonObject, JsonValue } from './types.js';
import { bodyObject, onlyFields, requireDateTime, requireStrings } from './validate.js';
import { workItemEntity, workItemSummary } from './work-item-answers.js';

const LIST: ListSpec = {
  entitySet: 'WorkItems',
  // §4: eq on these, ge/le on StartDate; the parser accepts every operator on each.
  filterable: ['AssigneeEmailAddress', 'ClientKey', 'PrimaryStatus', 'Title', 'WorkStatus', 'WorkType', 'WorkTemplateKey', 'StartDate'],
  sortable: ['Title', 'StartDate', 'DueDate', 'DeadlineDate', 'PrimaryStatus', 'WorkType'],
  view: workItemSummary,
};

const REQUIRED = ['Title', 'AssigneeEmailAddress', 'ClientKey', 'ClientType', 'StartDate'] as const;
const OPTIONAL = [
  'DueDate',
  'DeadlineDate',
  'WorkType',
  'WorkStatus',
  'PrimaryStatus',
  'SecondaryStatus',
  'WorkTemplateKey',
  'WorkScheduleKey',
  'RelatedClientGroupKey',
  'Description',
  'EstimatedBudget',
  'ClientTaskRecipient',
  'UserRoleAssignments',
  'FeeSettings',
] as const;
/** §4: PATCH takes only these; anything else is 400. */
const PATCHABLE = ['Title', 'Description', 'StartDate', 'DueDate', 'DeadlineDate', 'AssigneeEmailAddress', 'WorkType'] as const;
const CLIENT_TYPES = ['Contact', 'Organization', 'ClientGroup'];
const FEE_TYPES = ['FixedFee', 'TimeAndMaterials', 'NonBillable'];
function assignee(tenant: KarbonTenant, email: JsonValue | undefined): JsonObject {
  const user = tenant.list('Users').find((u) => typeof email === 'string' && String(u.EmailAddress).toLowerCase() === email.toLowerCase());
  if (!user) throw badValue(`No user found for AssigneeEmailAddress ${String(email)}.`);
  return user;
}

function checkWorkType(tenant: KarbonTenant, workType: JsonValue | undefined): void {
  if (workType === undefined || workType === null) return;
  const names = ((tenant.settings.WorkTypes ?? []) as JsonObject[]).map((t) => t.Name);
  if (!names.includes(workType)) throw badValue(`WorkType '${String(workType)}' is not one of the account's work types.`);
}

function checkFeeSettings(fee: JsonValue | undefined): void {
  if (fee === undefined || fee === null) return;
  if (typeof fee !== 'object' || Array.isArray(fee)) throw badValue('FeeSettings must be an object.');
  if (typeof fee.FeeType !== 'string' || !FEE_TYPES.includes(fee.FeeType)) throw badValue(`FeeSettings.FeeType must be one of ${FEE_TYPES.join(', ')}.`);
  const value = fee.FeeValue ?? null;
  if (value !== null && typeof value !== 'number') throw badValue('FeeSettings.FeeValue must be a number or null.');
  if (fee.FeeType !== 'FixedFee' && value !== null) throw badValue('FeeSettings.FeeValue must be null unless FeeType is FixedFee.');
}

function createWorkItem(tenant: KarbonTenant, body: JsonObject): JsonObject {
  onlyFields(body, [...REQUIRED, ...OPTIONAL], 'WorkItem');
  requireStrings(body, REQUIRED);
  if (!CLIENT_TYPES.includes(String(body.ClientType))) throw badValue(`ClientType must be one of ${CLIENT_TYPES.join(', ')}.`);
  requireDateTime(body, 'StartDate', false);
  requireDateTime(body, 'DueDate', true);
  requireDateTime(body, 'DeadlineDate', true);
  const user = assignee(tenant, body.AssigneeEmailAddress);
  const key = String(body.ClientKey);
  // Client groups are not simulated, so a ClientGroup key never resolves (404, as for an unknown key).
  const client = body.ClientType === 'Organization' ? tenant.get('Organizations', key) : body.ClientType === 'Contact' ? tenant.get('Contacts', key) : undefined;
  if (!client) throw notFound(`No ${String(body.ClientType)} found for provided key`);
  checkWorkType(tenant, body.WorkType);
  checkFeeSettings(body.FeeSettings);
  // KARBON_API.md: a body may spell PrimaryStatus either way; it is kept in the reference's enum spelling.
  let primary = 'Planned';
  if (body.PrimaryStatus !== undefined && body.PrimaryStatus !== null) {
    const found = primaryStatusOf(body.PrimaryStatus);
    if (!found) throw badValue(`PrimaryStatus '${String(body.PrimaryStatus)}' is not valid.`);
    primary = found;
  }
  // A SecondaryStatus that is not its primary's child, or not kept by the work type, is dropped without a word, as Karbon does.
  const secondary = secondaryStatusFits(tenant.settings, primary, body.SecondaryStatus, body.WorkType) ? body.SecondaryStatus : null;
  return tenant.insert('WorkItems', {
    Description: '',
    ...body,
    PrimaryStatus: primary,
    SecondaryStatus: secondary ?? null,
    AssigneeEmailAddress: user.EmailAddress ?? null,
    AssigneeKey: user.Id ?? null,
    ClientName: client.FullName ?? null,
  });
}

/** `/v3/WorkItems`: list with §4's filters, get, create (201) and PATCH of the allowed fields (204). */
export function workItemRoutes(state: KarbonState): FastifyPluginAsync {
  return async (app) => {
    app.get('/WorkItems', async (request) => listResponse(request, tenantOf(request).list('WorkItems'), LIST));
    app.get<{ Params: { key: string } }>('/WorkItems/:key', async (request) => {
      const item = tenantOf(request).get('WorkItems', request.params.key);
      if (!item) throw notFound('No Work Item found for provided key');
      return workItemEntity(request, item);
    });
    app.post('/WorkItems', async (request, reply) =>
      reply.status(201).send(workItemEntity(request, createWorkItem(tenantOf(request), bodyObject(request.body, 'WorkItem')))),
    );
    // The reference: a PATCH answers 204 with no body.
    app.patch<{ Params: { key: string } }>('/WorkItems/:key', async (request, reply) => {
      const tenant = tenantOf(request);
      const current = tenant.get('WorkItems', request.params.key);
      if (!current) throw notFoundPlain('No Work Item found for provided key');
      const body = bodyObject(request.body, 'WorkItem');
      onlyFields(body, PATCHABLE, 'WorkItem PATCH');
      if ('Title' in body) requireStrings(body, ['Title']);
      if ('StartDate' in body) requireDateTime(body, 'StartDate', false);
      requireDateTime(body, 'DueDate', true);
      requireDateTime(body, 'DeadlineDate', true);
      checkWorkType(tenant, body.WorkType);
      const change: JsonObject = { ...body };
      if ('AssigneeEmailAddress' in body) {
        const user = assignee(tenant, body.AssigneeEmailAddress);
        Object.assign(change, { AssigneeEmailAddress: user.EmailAddress ?? null, AssigneeKey: user.Id ?? null });
      }
      const conflict = state.faults.takeConflict(tenant.tenantKey, request.params.key);
      if (conflict) throw conflict;
      tenant.replace('WorkItems', request.params.key, { ...current, ...change });
      return reply.status(204).send();
    });
  };
}
