import { useRef } from 'react';

/**
 * How well `label` matches what was typed: 0 when it starts with it, 1 when a
 * word of it does, 2 when it holds it anywhere; null when it does not match.
 */
export const matchRank = (label: string, needle: string): number | null => {
  const text = label.toLowerCase();
  const typed = needle.trim().toLowerCase();
  if (!typed || text.startsWith(typed)) return 0;
  let at = text.indexOf(typed);
  if (at < 0) return null;
  for (; at >= 0; at = text.indexOf(typed, at + 1)) if (/[\s\-/:&(.,]/.test(text[at - 1] ?? '')) return 1;
  return 2;
};

/** The items matching `needle`, best first (a stable sort, so equal matches keep their order). */
export const filterLocally = <T>(items: readonly T[], needle: string, labelOf: (item: T) => string): T[] =>
  items
    .map((item, index) => ({ item, index, rank: matchRank(labelOf(item), needle) }))
    .filter((entry): entry is { item: T; index: number; rank: number } => entry.rank !== null)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.item);

/** What a server-searched list holds now: TanStack Query's result for the settled search term. */
export interface SearchAnswer<T> {
  data: readonly T[] | undefined;
  /** True while `data` is the answer to an earlier term, kept on screen until the new one arrives. */
  isPlaceholderData: boolean;
  isFetching: boolean;
}

export interface LiveOptions<T> {
  /** The options to show: every one matches what is typed now. */
  items: T[];
  /** The server has answered for exactly what is typed (so "nothing found" is final). */
  answered: boolean;
  /** A search for what is typed is still to come or on its way. */
  searching: boolean;
}

/**
 * The options of a select that searches on the server, always matching what
 * is typed *now*. The server is asked only once typing pauses, and its answers
 * may arrive in any order; until the answer for the current text is in, the
 * options are every option already seen filtered here at once, so Enter can
 * never take an option of an older (or empty) search. Once the answer for the
 * current text arrives it is shown as the server ranked it.
 *
 * `typed` is the search box's text, `settled` the debounced, trimmed term the
 * answer was asked for; `scope` names the list, so another list starts afresh.
 */
export const useLiveOptions = <T>(
  typed: string,
  settled: string,
  answer: SearchAnswer<T>,
  keyOf: (item: T) => string | number,
  labelOf: (item: T) => string,
  scope = '',
): LiveOptions<T> => {
  const seen = useRef<{ scope: string; items: Map<string | number, T> }>({ scope, items: new Map() });
  if (seen.current.scope !== scope) seen.current = { scope, items: new Map() };
  // Remembering is idempotent, so doing it while rendering is safe under StrictMode's double render.
  for (const item of answer.data ?? []) if (!seen.current.items.has(keyOf(item))) seen.current.items.set(keyOf(item), item);

  const needle = typed.trim();
  const answered = answer.data !== undefined && !answer.isPlaceholderData && settled === needle;
  if (answered) return { items: [...answer.data!], answered: true, searching: answer.isFetching };
  return { items: filterLocally([...seen.current.items.values()], needle, labelOf), answered: false, searching: true };
};
