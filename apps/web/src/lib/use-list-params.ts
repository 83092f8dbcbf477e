import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { readListParams, writeListParams, type ListParamsSchema } from './list-params';

export interface ListParamsWrite {
  /**
   * Replace the current history entry instead of adding one. For search as it
   * is typed: Back should step through filters and pages, not keystrokes.
   */
  replace?: boolean;
}

/**
 * One list's state kept in the address's search parameters, so a reload or
 * Back keeps it and a filtered list can be linked. `prefix` keeps two lists of
 * one page apart. A change that does not name `page` goes back to the first
 * page: new filters or a new search make the old page number meaningless.
 */
export const useListParams = <S extends object>(schema: ListParamsSchema<S>, defaults: S, prefix = '') => {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListParams(params, schema, defaults, prefix), [params, schema, defaults, prefix]);
  // What was last written, until the address shows it: two changes before the next render (an amount
  // left by clicking a select) build on each other instead of the second undoing the first.
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);

  const update = useCallback(
    (patch: Partial<S>, { replace = false }: ListParamsWrite = {}) => {
      const base = latest.current;
      const restart = 'page' in defaults && !('page' in patch) ? { page: defaults.page } : {};
      const next = writeListParams(base, { ...readListParams(base, schema, defaults, prefix), ...restart, ...patch }, schema, defaults, prefix);
      // The same state again adds no history entry for Back to step through.
      if (next.toString() === base.toString()) return;
      latest.current = next;
      setParams(next, { replace });
    },
    [setParams, schema, defaults, prefix],
  );

  return [state, update] as const;
};
