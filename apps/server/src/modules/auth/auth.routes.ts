import type { FastifyPluginAsync } from 'fastify';
import { authEndpoints as e } from '@herd/contract';
import { authContext } from '../../lib/request-context.js';
import { serveEndpoint } from '../../lib/serve-endpoint.js';
import { finishPasswordReset, requestPasswordReset, sendMagicLink, sendNewMagicLink } from './auth.service.js';
import { sessionContext } from './session-context.js';
import { confirmSignUp, signIn, signInWithCode, signOut } from './session.service.js';
import { requestSignup } from './signup.service.js';
import { confirmEmailChange } from '../email-change/email-change.js';

/** Signing up, in and out, and the signed-out flows, as the contract's route table declares them. */
export const authRoutes: FastifyPluginAsync = async (app) => {
  serveEndpoint(app, e.signup, (r) => requestSignup(authContext(r), r.body));
  serveEndpoint(app, e.confirmSignup, (r, reply) => confirmSignUp(sessionContext(r, reply), r.body.code));
  serveEndpoint(app, e.confirmEmailChange, (r) => confirmEmailChange(authContext(r).db, r.body.code));
  serveEndpoint(app, e.login, (r, reply) => signIn(sessionContext(r, reply), r.body));
  serveEndpoint(app, e.logout, (r, reply) => signOut(sessionContext(r, reply)));
  serveEndpoint(app, e.sendMagicLink, (r) => sendMagicLink(authContext(r), r.body.email));
  serveEndpoint(app, e.withMagicLink, (r, reply) => signInWithCode(sessionContext(r, reply), r.body.code));
  serveEndpoint(app, e.sendNewMagicLink, (r) => sendNewMagicLink(authContext(r), r.body.code));
  serveEndpoint(app, e.resetPassword, (r) => requestPasswordReset(authContext(r), r.body.email));
  serveEndpoint(app, e.finishResetPassword, (r) => finishPasswordReset(authContext(r), r.params.code, r.body.password));
};
