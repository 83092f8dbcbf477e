/**
 * Whether two company file paths name the same file as Windows sees them: case does not matter,
 * nor which slash separates folders, nor spaces around the whole path.
 */
export const sameCompanyFile = (expected: string, actual: string): boolean => normalize(expected) === normalize(actual);

const normalize = (path: string) => path.trim().replaceAll('/', '\\').toLowerCase();
