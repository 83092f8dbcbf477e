/**
 * A server's refusal shown under the file's own name: the server speaks of the file by name
 * ("march.exe is not a photo or a PDF…", "“setup.exe” is not a type Herd keeps."), which under that
 * name reads as the name twice. Said without it: "Not a photo or a PDF…". A reason that does not
 * begin with the name is kept whole.
 */
export const reasonUnderName = (name: string, reason: string): string => {
  if (!name) return reason;
  const prefix = [`${name} is `, `“${name}” is `].find((p) => reason.startsWith(p));
  if (!prefix) return reason;
  const rest = reason.slice(prefix.length);
  return rest.charAt(0).toUpperCase() + rest.slice(1);
};
