export type PathParams = Record<string, string | number | null | undefined>;

const PARAM = /:([A-Za-z_][A-Za-z0-9_]*)|\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NUMBER = /^\d+$/;

/** Used where a link cannot be built, so it goes nowhere instead of to a wrong page. */
export const UNBUILDABLE_PATH = '#';

/**
 * Fills a route or API pattern ('/dashboard/accountant/categorized/:clientPk/'
 * or 'users/finish-reset-password/{code}/') with parameters. A missing
 * parameter gives '#'. A parameter named ...uuid holding neither a UUID nor
 * a number is still used but warned about: it is almost always a mix-up of
 * pk and uuid that would lead to a 404 later.
 */
export const buildPath = (pattern: string, params: PathParams = {}): string => {
  let missing = false;
  const built = pattern.replace(PARAM, (_match, colonName: string | undefined, braceName: string | undefined) => {
    const name = (colonName ?? braceName)!;
    const raw = params[name];
    if (raw === undefined || raw === null || String(raw).trim() === '') {
      missing = true;
      return '';
    }
    const value = String(raw);
    if (name.toLowerCase().endsWith('uuid') && !UUID.test(value) && !NUMBER.test(value)) {
      console.warn(`buildPath: parameter "${name}" of ${pattern} is neither a UUID nor a number: ${value}`);
    }
    return encodeURIComponent(value);
  });
  return missing ? UNBUILDABLE_PATH : built;
};
