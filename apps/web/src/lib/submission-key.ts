import { useRef } from 'react';

/**
 * A random key naming one submission of a form (128 bits, hex). Built from
 * `getRandomValues`, which browsers offer on plain http too, unlike `randomUUID`.
 */
export const newSubmissionKey = (): string => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * The `Idempotency-Key` of a form's submissions. Sending the same values again
 * (a double click, a retry after the answer was lost) reuses the key, so the
 * server creates once and answers the repeat with the first answer; other
 * values are another submission and get a new key; after a success the next
 * submission, even with the same values (the same note twice on purpose), is
 * a new one.
 */
export const useSubmissionKey = () => {
  const last = useRef<{ values: string; key: string } | null>(null);
  const ref = useRef({
    for: (values: unknown): string => {
      const text = JSON.stringify(values ?? null);
      if (last.current?.values !== text) last.current = { values: text, key: newSubmissionKey() };
      return last.current.key;
    },
    done: () => {
      last.current = null;
    },
  });
  return ref.current;
};
