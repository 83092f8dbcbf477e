import { useEffect } from 'react';

/**
 * A browser sends a form when Enter is pressed in one of its text fields (antd's Form is a plain
 * <form>, so this holds for every form in the app). In a form of several fields that sends it half
 * filled, as soon as someone presses Enter to finish a word: the W-9 request went out from its Vendor
 * field. The app's rule: Enter in a text field sends the form only when that field is the form's
 * only one (a search box, a one-code form). Two exceptions keep what people expect: Enter in a
 * password field sends (signing in, choosing a new password: the password is what one types last),
 * and anything a component does with Enter itself (picking an option, the transaction editor's
 * "Enter on a chosen category") is untouched, since only the browser's own sending is stopped.
 */

/** Inputs in which Enter would send the form (the HTML "fields that block implicit submission"), password aside. */
const TEXT_TYPES = new Set(['text', 'email', 'number', 'search', 'tel', 'url', 'date', 'datetime-local', 'month', 'time', 'week']);
/** Controls that are not fields someone fills in. */
const NOT_FIELDS = new Set(['hidden', 'submit', 'button', 'reset', 'image', 'file']);

/** The fields a person can fill in a form: enabled inputs, selects and text areas, a group of radios counting once. */
export const countFormFields = (form: HTMLFormElement): number => {
  const radioGroups = new Set<string>();
  let count = 0;
  for (const element of Array.from(form.elements)) {
    if (element instanceof HTMLInputElement) {
      if (NOT_FIELDS.has(element.type) || element.disabled) continue;
      if (element.type === 'radio' && element.name) {
        if (radioGroups.has(element.name)) continue;
        radioGroups.add(element.name);
      }
      count += 1;
    } else if ((element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement) && !element.disabled) {
      count += 1;
    }
  }
  return count;
};

/** Stops the browser sending a form of several fields on Enter in one of its text fields. */
export const preventEnterSubmit = (event: KeyboardEvent): void => {
  if (event.key !== 'Enter' || event.defaultPrevented || event.isComposing) return;
  const target = event.target;
  if (!(target instanceof HTMLInputElement) || !TEXT_TYPES.has(target.type) || !target.form) return;
  if (countFormFields(target.form) > 1) event.preventDefault();
};

/**
 * Applies the rule to the whole document for as long as the app is mounted. It listens after the
 * components (bubbling, on the document), so a component's own Enter handling runs first and sees
 * the event as it was.
 */
export const useEnterSubmitGuard = (): void => {
  useEffect(() => {
    document.addEventListener('keydown', preventEnterSubmit);
    return () => document.removeEventListener('keydown', preventEnterSubmit);
  }, []);
};
