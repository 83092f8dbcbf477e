import type { Db } from '../../../db/client.js';

/**
 * A sign-in link copied for a person still invited takes their invitation up: the user it signs in, null when
 * the code is no invitation link, and a refusal when it is one already used or expired. The invitations module
 * owns those links and the app hands its redeemer in (`AppDeps.redeemInvitationLink`, built in app.ts), so
 * auth, which invitations build on, does not reach back into invitations.
 */
export type RedeemInvitationLink = (db: Db, code: string) => Promise<number | null>;
