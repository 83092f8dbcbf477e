import { mfaRequiredOf } from '@herd/contract';

/** Whether the person's firm admin requires a second factor of them (a client user has no such admin). */
export const isMfaRequiredFor = (standing: { role: string | null; mfaEnabled: boolean | null }): boolean =>
  standing.role !== null && mfaRequiredOf(standing.role, standing.mfaEnabled === true);
