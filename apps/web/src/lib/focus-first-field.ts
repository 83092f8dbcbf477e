/**
 * Puts the cursor in the first field of `root` one can type in (inputs and
 * text areas, not file pickers or disabled ones); says whether there was one.
 */
export const focusFirstField = (root: HTMLElement | null): boolean => {
  const field = root?.querySelector<HTMLElement>('input:not([type=file]):not([disabled]), textarea:not([disabled])');
  field?.focus({ preventScroll: true });
  return Boolean(field);
};
