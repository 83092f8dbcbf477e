import { requireEndpoint } from './endpoints.js';
import { notFound, validationException } from './errors.js';
import { completeOptions } from './prepare-reference.js';
import type { OrgStore } from './store.js';
import { isJsonObject, type JsonObject } from './types.js';

const TRACKING = requireEndpoint('TrackingCategories');

/**
 * `PUT /TrackingCategories/{id}/Options` with one option, `{"Name"}` (the contract's body is a
 * single TrackingOption): adds it to the category. A name the category already has is refused.
 */
export function addTrackingOptions(org: OrgStore, categoryId: string, body: unknown): JsonObject[] {
  const category = org.get(TRACKING.name, categoryId);
  if (!category) throw notFound(`TrackingCategory ${categoryId} was not found`);
  const existing = Array.isArray(category.fields.Options) ? category.fields.Options.filter(isJsonObject) : [];
  const name = isJsonObject(body) && typeof body.Name === 'string' ? body.Name.trim() : '';
  if (name === '' || existing.some((option) => String(option.Name).toLowerCase() === name.toLowerCase())) {
    throw validationException([{ ValidationErrors: [{ Message: 'For each specified tracking option the name must be unique and not empty.' }] }]);
  }
  const added = completeOptions(org, [body]);
  org.replace(TRACKING, category.id, { ...category.fields, Options: [...existing, ...added] });
  return added;
}
