import type { ReactNode } from 'react';
import { ChangesOnly, useReadOnly } from '../billing/read-only-guard';

/** What a note thread needs of the read-only mode: whether writing is refused, and the guard that says why. */
export const useThreadGuard = () => {
  const { readOnly } = useReadOnly();
  return { readOnly, guard: (control: ReactNode) => <ChangesOnly>{control}</ChangesOnly> };
};
