import { requireEndpoint } from './endpoints.js';
import { notFound, validationException } from './errors.js';
import { completeOptions } from './prepare-reference.js';
import type { OrgStore } from './store.js';
import { isJsonObject, type JsonObject } from './types.js';

const TRACKING = requireEndpoint('TrackingCategories');

/**
 * `PUT /TrackingCategories/{id}/Options` with `{"Options":[{"Name"}]}` (or one `{"Name"}`): adds
 * options to a category. A name the category already has is refused.
 */
export function addTrackingOptions(org: OrgStore, categoryId: string, body: unknown): JsonObject[] {
  const category = org.get(TRACKING.name, categoryId);
  if (!category) throw notFound(`TrackingCategory ${categoryId} was not found`);
  const raw = isJsonObject(body) && Array.isArray(body.Options) ? body.Options : [body];
  const existing = Array.isArray(category.fields.Options) ? category.fields.Options.filter(isJsonObject) : [];
  const names = new Set(existing.map((option) => String(option.Name).toLowerCase()));
  const invalid = raw.filter((option) => {
    const name = isJsonObject(option) && typeof option.Name === 'string' ? option.Name.trim() : '';
    if (name === '' || names.has(name.toLowerCase())) return true;
    names.add(name.toLowerCase());
    return false;
  });
  if (invalid.length > 0) {
    throw validationException(
      invalid.map((option) => ({
        ...(isJsonObject(option) ? option : {}),
        ValidationErrors: [{ Message: 'For each specified tracking option the name must be unique and not empty.' }],
      })),
    );
  }
  const added = completeOptions(org, raw);
  org.replace(TRACKING, category.id, { ...category.fields, Options: [...existing, ...added] });
  return added;
}
