import { useSyncExternalStore } from 'react';
import type { EditLine } from './editor-state';

/**
 * Unsaved edits of a transaction, kept when the editor closes so nothing typed
 * is lost: reopening the transaction picks them up again. `base` is what the
 * server held when the edits began; a draft whose base the server no longer
 * holds (someone else changed the transaction) is not restored over it.
 */
export interface Draft {
  base: string;
  lines: EditLine[];
  memo: string;
  note: string;
}

/**
 * Kept for the browser tab (sessionStorage): a reload or a phone discarding
 * the tab keeps them, closing the tab forgets them, and no draft of one
 * person's is read by another signing in on the same computer (keys name the user).
 */
const STORAGE_KEY = 'herd.transaction-drafts';

/** Used only when the browser refuses storage (some private modes): the drafts of this page then live in memory. */
let fallback: string | null = null;
let parsed: { raw: string | null; drafts: Record<string, Draft> } = { raw: null, drafts: {} };
const listeners = new Set<() => void>();

const readRaw = (): string | null => {
  try {
    return window.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return fallback;
  }
};

/** Every kept draft; parsed once per change of the stored text, since the lists ask on every render. */
const readAll = (): Record<string, Draft> => {
  const raw = readRaw();
  if (raw !== parsed.raw) {
    let drafts: Record<string, Draft> = {};
    try {
      drafts = raw ? (JSON.parse(raw) as Record<string, Draft>) : {};
    } catch {
      // A damaged value is no draft.
    }
    parsed = { raw, drafts };
  }
  return parsed.drafts;
};

const write = (next: Record<string, Draft>) => {
  const raw = JSON.stringify(next);
  try {
    window.sessionStorage.setItem(STORAGE_KEY, raw);
  } catch {
    fallback = raw;
  }
  listeners.forEach((listener) => listener());
};

export const draftKey = (userPk: number, side: string, transactionPk: number) => `${userPk}:${side}:${transactionPk}`;

export const loadDraft = (key: string): Draft | null => readAll()[key] ?? null;

export const saveDraft = (key: string, draft: Draft) => write({ ...readAll(), [key]: draft });

export const dropDraft = (key: string) => {
  const drafts = readAll();
  if (!(key in drafts)) return;
  const { [key]: _dropped, ...rest } = drafts;
  write(rest);
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether the transaction has a kept draft, for the lists to say so. */
export const useHasDraft = (key: string): boolean =>
  useSyncExternalStore(
    subscribe,
    () => key in readAll(),
    () => false,
  );
