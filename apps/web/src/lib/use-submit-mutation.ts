import { useMutation, type DefaultError, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query';
import { useRef } from 'react';

/** Plain data compares by value; a File, a Blob or anything else not plain compares as itself. */
const sameValue = (a: unknown, b: unknown): boolean => {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const plain = (v: object) => Array.isArray(v) || Object.getPrototypeOf(v) === Object.prototype;
  if (!plain(a) || !plain(b)) return false;
  const ak = Object.keys(a);
  const bk = Object.keys(b);
  return ak.length === bk.length && ak.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
};

/**
 * `useMutation` that sends a submission once while it is in flight: a second
 * call with the same variables (a double click gets past a button before its
 * loading state renders, since a form validates asynchronously first) joins
 * the first instead of sending another request. Different variables (another
 * row's delete) still go out at once.
 */
export const useSubmitMutation = <TData = unknown, TError = DefaultError, TVariables = void, TContext = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> => {
  const mutation = useMutation(options);
  const inFlight = useRef<{ variables: TVariables; done: Promise<TData> }[]>([]);
  const latest = useRef(mutation);
  latest.current = mutation;

  const once = useRef<UseMutationResult<TData, TError, TVariables, TContext>['mutateAsync']>((...args) => {
    const variables = args[0] as TVariables;
    const running = inFlight.current.find((entry) => sameValue(entry.variables, variables));
    if (running) return running.done;
    const done = latest.current.mutateAsync(...args);
    const entry = { variables, done };
    inFlight.current.push(entry);
    const forget = () => {
      inFlight.current = inFlight.current.filter((e) => e !== entry);
    };
    done.then(forget, forget);
    return done;
  });

  // Like `mutate`: errors go to the callbacks, never an unhandled rejection. Both stay the same functions from render to render.
  const fireAndForget = useRef<UseMutationResult<TData, TError, TVariables, TContext>['mutate']>((...args) => void once.current(...args).catch(() => undefined));
  return { ...mutation, mutateAsync: once.current, mutate: fireAndForget.current };
};
