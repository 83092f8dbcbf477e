import type { FastifyPluginAsync } from 'fastify';
import { memberMfaEndpoints as member, mfaSetupEndpoints as setup, mfaSignInEndpoints as signIn } from '@herd/contract';
import { serveEndpoint } from '../../lib/serve-endpoint.js';
import { requireActor } from '../../plugins/auth.js';
import { sessionContext } from '../auth/session-context.js';
import { mfaSetupContext } from './mfa-context.js';
import { disableOwnMfa } from './mfa-disable.service.js';
import { resetMemberMfa, setMemberMfaRequired } from './member-mfa.service.js';
import { confirmSmsSetup, confirmTotpSetup, getMfaStatus, regenerateRecoveryCodes, startSmsSetup, startTotpSetup } from './mfa-setup.service.js';
import { sendSignInSms, verifyRecoverySignIn, verifySignInSms, verifyTotpSignIn } from './mfa-sign-in.service.js';

/** The second step of signing in: for a half-open session, so no signed-in actor is asked for. */
export const mfaSignInRoutes: FastifyPluginAsync = async (app) => {
  serveEndpoint(app, signIn.totpVerify, (r, reply) => verifyTotpSignIn(sessionContext(r, reply), r.body.code));
  serveEndpoint(app, signIn.smsSend, (r, reply) => sendSignInSms(sessionContext(r, reply), app.deps.sms));
  serveEndpoint(app, signIn.smsVerify, (r, reply) => verifySignInSms(sessionContext(r, reply), r.body.code));
  serveEndpoint(app, signIn.recoveryVerify, (r, reply) => verifyRecoverySignIn(sessionContext(r, reply), r.body.code));
};

/** One's own second factor and a firm admin's say over a member's. */
export const mfaRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireActor);
  const { db, mailer } = app.deps;

  serveEndpoint(app, setup.status, (r) => getMfaStatus(mfaSetupContext(r), r.actor));
  serveEndpoint(app, setup.totpStart, (r) => startTotpSetup(mfaSetupContext(r), r.actor));
  serveEndpoint(app, setup.totpConfirm, (r) => confirmTotpSetup(mfaSetupContext(r), r.actor, r.body.code));
  serveEndpoint(app, setup.smsStart, (r) => startSmsSetup(mfaSetupContext(r), r.actor, r.body.phone));
  serveEndpoint(app, setup.smsConfirm, (r) => confirmSmsSetup(mfaSetupContext(r), r.actor, r.body.code));
  serveEndpoint(app, setup.regenerateRecoveryCodes, (r) => regenerateRecoveryCodes(mfaSetupContext(r), r.actor));
  serveEndpoint(app, setup.disable, (r) => disableOwnMfa(mfaSetupContext(r), r.actor, r.body.password));
  serveEndpoint(app, member.update, (r) => setMemberMfaRequired(db, r.actor, r.params.pk, r.body.mfa_enabled));
  serveEndpoint(app, member.reset, (r) => resetMemberMfa(db, mailer, r.actor, r.params.pk));
};
