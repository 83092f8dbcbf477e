import type { KeyboardEvent } from 'react';

/**
 * Whether this Enter should save the transaction as done: it lands on a
 * picker (a combobox) that holds a choice, with its list closed and nothing
 * typed in it. So choosing a category with Enter and pressing Enter again
 * answers the transaction without reaching for Ctrl. An Enter that picks an
 * option (the list is open), or one on an empty picker (it opens the list),
 * keeps its usual meaning.
 */
export const finishesOnEnter = (event: KeyboardEvent): boolean => {
  if (event.key !== 'Enter' || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return false;
  const target = event.target;
  if (!(target instanceof HTMLInputElement) || target.getAttribute('role') !== 'combobox') return false;
  if (target.getAttribute('aria-expanded') === 'true' || target.value !== '') return false;
  return target.closest('[data-chosen]') !== null;
};
