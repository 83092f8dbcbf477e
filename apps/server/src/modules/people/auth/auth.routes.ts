import type { FastifyPluginAsync } from 'fastify';
import { authEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import { finishPasswordReset, requestPasswordReset, sendMagicLink, sendNewMagicLink } from './auth.service.js';
import { confirmSignUp, signIn, signInWithCode, signOut } from './session.service.js';
import { requestSignup } from './signup.service.js';
import { visitorOf } from '../../../kernel/visitor.js';

/** Signing up, in and out, and the signed-out flows, as the contract's route table declares them. */
export const authRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  serveEndpoint(app, e.signup, (r) => requestSignup(deps, visitorOf(r), r.body));
  serveEndpoint(app, e.confirmSignup, (r, reply) => confirmSignUp(deps, visitorOf(r), { code: r.body.code, reply }));
  serveEndpoint(app, e.login, (r, reply) => signIn(deps, visitorOf(r), { ...r.body, reply }));
  serveEndpoint(app, e.logout, (r, reply) => signOut(deps, visitorOf(r), { reply }));
  serveEndpoint(app, e.sendMagicLink, (r) => sendMagicLink(deps, visitorOf(r), { email: r.body.email }));
  serveEndpoint(app, e.withMagicLink, (r, reply) => signInWithCode(deps, visitorOf(r), { code: r.body.code, reply }));
  serveEndpoint(app, e.sendNewMagicLink, (r) => sendNewMagicLink(deps, visitorOf(r), { code: r.body.code }));
  serveEndpoint(app, e.resetPassword, (r) => requestPasswordReset(deps, visitorOf(r), { email: r.body.email }));
  serveEndpoint(app, e.finishResetPassword, (r) => finishPasswordReset(deps, visitorOf(r), { code: r.params.code, password: r.body.password }));
};
