import { quickbooksEndpoints } from '@herd/contract';
import { call } from '../../lib/api-client';
import { leaveAppForAnswer } from '../../lib/navigation';
import { useSubmitMutation } from '../../lib/use-submit-mutation';

/** "Sign up with Intuit" (signed out): a new firm from the QuickBooks company. Connecting, reconnecting and syncing are every ledger's (features/ledgers). */
export const useIntuitSignup = () => useSubmitMutation({ mutationFn: () => leaveAppForAnswer(call(quickbooksEndpoints.signup, {})) });
