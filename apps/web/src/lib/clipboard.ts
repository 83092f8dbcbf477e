/**
 * Copies text to the clipboard. Resolves false when the browser refuses
 * (no permission, not a secure context), so the caller can show the text instead.
 */
export const copyText = async (text: string): Promise<boolean> => {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
};
