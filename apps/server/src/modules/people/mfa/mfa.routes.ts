import type { FastifyPluginAsync } from 'fastify';
import { memberMfaEndpoints as member, mfaSetupEndpoints as setup, mfaSignInEndpoints as signIn } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { requireActor } from '../../../plugins/auth.js';
import { visitorOf } from '../../../kernel/visitor.js';
import { disableOwnMfa } from './mfa-disable.service.js';
import { resetMemberMfa, setMemberMfaRequired } from './member-mfa.service.js';
import { confirmSmsSetup, confirmTotpSetup, getMfaStatus, regenerateRecoveryCodes, startSmsSetup, startTotpSetup } from './mfa-setup.service.js';
import { sendSignInSms, verifyRecoverySignIn, verifySignInSms, verifyTotpSignIn } from './mfa-sign-in.service.js';

/** The second step of signing in: for a half-open session, so no signed-in actor is asked for. */
export const mfaSignInRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  serveEndpoint(app, signIn.totpVerify, (r, reply) => verifyTotpSignIn(deps, visitorOf(r), { code: r.body.code, reply }));
  serveEndpoint(app, signIn.smsSend, (r) => sendSignInSms(deps, visitorOf(r), {}));
  serveEndpoint(app, signIn.smsVerify, (r, reply) => verifySignInSms(deps, visitorOf(r), { code: r.body.code, reply }));
  serveEndpoint(app, signIn.recoveryVerify, (r, reply) => verifyRecoverySignIn(deps, visitorOf(r), { code: r.body.code, reply }));
};

/** One's own second factor and a firm admin's say over a member's. */
export const mfaRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireActor);
  const deps = app.deps;

  serveEndpoint(app, setup.status, (r) => getMfaStatus(deps, r.actor, {}));
  serveEndpoint(app, setup.totpStart, (r) => startTotpSetup(deps, r.actor, {}));
  // Behind `requireActor`, so the session is there: it is the one kept signed in when a method is turned on.
  serveEndpoint(app, setup.totpConfirm, (r) => confirmTotpSetup(deps, r.actor, { code: r.body.code, sessionTokenHash: r.session!.tokenHash }));
  serveEndpoint(app, setup.smsStart, (r) => startSmsSetup(deps, r.actor, { phone: r.body.phone }));
  serveEndpoint(app, setup.smsConfirm, (r) => confirmSmsSetup(deps, r.actor, { code: r.body.code, sessionTokenHash: r.session!.tokenHash }));
  serveEndpoint(app, setup.regenerateRecoveryCodes, (r) => regenerateRecoveryCodes(deps, r.actor, {}));
  serveEndpoint(app, setup.disable, (r) => disableOwnMfa(deps, r.actor, { password: r.body.password }));
  serveEndpoint(app, member.update, (r) => setMemberMfaRequired(deps, r.actor, { memberPk: r.params.pk, mfaEnabled: r.body.mfa_enabled }));
  serveEndpoint(app, member.reset, (r) => resetMemberMfa(deps, r.actor, { memberPk: r.params.pk }));
};
