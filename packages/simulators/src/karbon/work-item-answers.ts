import type { FastifyRequest } from 'fastify';
import { metadataUrl, present } from './odata.js';
import type { JsonObject } from './types.js';

/** The reference's WorkItem: what a list item and a single work item both carry. */
const WORK_ITEM_FIELDS = [
  'WorkItemKey',
  'AssigneeEmailAddress',
  'AssigneeKey',
  'AssigneeName',
  'Title',
  'ClientKey',
  'ClientName',
  'ClientType',
  'RelatedClientGroupKey',
  'StartDate',
  'DueDate',
  'DeadlineDate',
  'WorkType',
  'WorkStatus',
  'PrimaryStatus',
  'SecondaryStatus',
  'WorkTemplateKey',
  'WorkScheduleKey',
  'EstimatedBudget',
] as const;

/** A work item in `GET /v3/WorkItems` (`WorkItemSummaryDTO`): no Description or fee settings; empty fields left out. */
export const workItemSummary = (record: JsonObject): JsonObject => ({ '@odata.type': '#KarbonService.WorkItemSummaryDTO', ...present(record, WORK_ITEM_FIELDS) });

/** A single work item (`GET /v3/WorkItems/{key}`, the create's 201): its OData annotations, Description and fee settings too. */
export function workItemEntity(request: FastifyRequest, record: JsonObject): JsonObject {
  return {
    '@odata.context': metadataUrl(request, 'WorkItems/KarbonService.WorkItemDTO/$entity'),
    '@odata.type': '#KarbonService.WorkItemDTO',
    ...present(record, [...WORK_ITEM_FIELDS, 'Description', 'FeeSettings', 'UserRoleAssignments']),
  };
}
