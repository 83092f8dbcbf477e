/** Reads one cookie the server made readable to scripts (the CSRF token). */
export const readCookie = (name: string, source: string = document.cookie): string | null => {
  for (const part of source.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() !== name) continue;
    const value = part.slice(index + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
};
