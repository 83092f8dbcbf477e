import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_PREFIX, billingEndpoints, INBOUND_WEBHOOK_PATH, SMS_INCOMING_PATH, UNSUBSCRIBE_ONE_CLICK_PATH, unavailable } from '@herd/contract';
import type { AppDeps } from './app-deps.js';
import { checkReceiptFile, intakeReceipts, seesReceiptFile } from './modules/files/receipts/receipts.face.js';
import { clientSeesCommunicationFile } from './modules/conversation/communications/communications.face.js';
import { countRuleOverrides } from './modules/books/rules/rules.face.js';
import { redeemInvitationLink } from './modules/people/invitations/invitations.face.js';
import { profileOf } from './modules/people/profile/profile.face.js';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { Mailer } from './mail/mailer.js';
import { createStorage } from './integrations/file-storage/create-storage.js';
import { createQboContext, type QboContextOptions } from './integrations/qbo/qbo-context.js';
import { qboAdapter } from './integrations/qbo/qbo.adapter.js';
import { mountBuiltinSandbox } from './integrations/qbo/http/builtin-sandbox.js';
import { BUILTIN_SANDBOX_PATH, QBO_PATHS } from './integrations/qbo/qbo-settings.js';
import { qboRoutes } from './integrations/qbo/http/qbo.routes.js';
import { testingQboSandboxRoutes } from './integrations/qbo/http/qbo-sandbox-testing.routes.js';
import { createXeroContext, type XeroContextOptions } from './integrations/xero/xero-context.js';
import { xeroAdapter } from './integrations/xero/xero.adapter.js';
import { BUILTIN_XERO_SANDBOX_PATH, XERO_PATHS } from './integrations/xero/xero-settings.js';
import { xeroRoutes } from './integrations/xero/http/xero.routes.js';
import { mountBuiltinXeroSandbox } from './integrations/xero/http/builtin-sandbox.js';
import { testingXeroSandboxRoutes } from './integrations/xero/http/xero-sandbox-testing.routes.js';
import { qbdAdapter } from './integrations/qbd/qbd.adapter.js';
import { qbwcRoutes } from './integrations/qbd/http/qbwc.routes.js';
import { qbdSandboxRoutes } from './integrations/qbd/http/builtin-sandbox.js';
import { ConnectorChannels, type ConnectorChannelOptions } from './modules/books/ledger/connector-channel.port.js';
import { webConnectorRoutes } from './modules/books/web-connector/web-connector.routes.js';
import { createKarbonClient } from './integrations/karbon/karbon-client.js';
import { KARBON_SANDBOX_PATH, mountKarbonSandbox, type KarbonSandbox } from './integrations/karbon/http/builtin-sandbox.js';
import { karbonRoutes } from './modules/firm/practice-management/karbon.routes.js';
import { documentRoutes } from './modules/files/documents/documents.routes.js';
import { testingKarbonSandboxRoutes } from './integrations/karbon/http/karbon-sandbox-testing.routes.js';
import { karbonSandboxViewRoutes } from './integrations/karbon/http/karbon-sandbox-view.routes.js';
import { ConflictError, NotFoundError } from './lib/errors.js';
import { QBWC_SERVICE_PATH } from './modules/books/web-connector/web-connector-paths.rule.js';
import { createLedgerRegistry } from './modules/books/ledger/ledger-registry.service.js';
import { ledgerServices } from './modules/books/ledger-connections/ledger-services.service.js';
import type { JobQueue } from './jobs/job-queue.js';
import { appConfigRoutes } from './modules/platform/app-config/app-config.routes.js';
import { authRoutes } from './modules/people/auth/auth.routes.js';
import { emailChangeRoutes } from './modules/people/email-change/email-change.routes.js';
import { clientCompanyRoutes } from './modules/books/client-companies/client-companies.routes.js';
import { clientUserRoutes } from './modules/conversation/client-users/client-users.routes.js';
import { clientSideRoutes } from './modules/conversation/client-side/client-side.routes.js';
import { coworkerRoutes } from './modules/people/coworkers/coworkers.routes.js';
import { healthRoutes } from './modules/platform/health/health.routes.js';
import { profileRoutes } from './modules/people/profile/profile.routes.js';
import { mfaRoutes, mfaSignInRoutes } from './modules/people/mfa/mfa.routes.js';
import { analyticsRoutes } from './modules/firm/analytics/analytics.routes.js';
import { restrictionRoutes } from './modules/people/restrictions/restrictions.routes.js';
import { storageRoutes } from './modules/platform/stored-files/stored-files.routes.js';
import { testingBillingRoutes } from './modules/firm/billing/trial-end-testing.routes.js';
import { testingOutboxRoutes } from './modules/platform/testing/outbox.routes.js';
import { transactionRoutes } from './modules/books/transactions/transactions.routes.js';
import { csvImportRoutes } from './modules/books/csv-import/csv-import.routes.js';
import { csvExportRoutes } from './modules/books/csv-exports/csv-exports.routes.js';
import { refRoutes } from './modules/books/refs/refs.routes.js';
import { noteRoutes } from './modules/conversation/notes/notes.routes.js';
import { notificationRoutes } from './modules/messaging/notifications/notifications.routes.js';
import { receiptRoutes } from './modules/files/receipts/receipts.routes.js';
import { communicationRoutes } from './modules/conversation/communications/communications.routes.js';
import { recurringRoutes } from './modules/conversation/recurring/recurring.routes.js';
import { requestTemplateRoutes } from './modules/firm/request-templates/request-templates.routes.js';
import { ruleRoutes } from './modules/books/rules/rules.routes.js';
import { attachmentRoutes } from './modules/books/transactions/attachments.routes.js';
import { GENERIC_INGEST_PREFIX, genericRoutes } from './modules/books/generic/generic.routes.js';
import { firmSettingsRoutes } from './modules/firm/firm-settings/firm-settings.routes.js';
import { authPlugin } from './plugins/auth.js';
import { csrfPlugin } from './plugins/csrf.js';
import { registerDocs } from './plugins/docs.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerTextGuard } from './lib/text-guard.js';
import { registerCompression } from './plugins/compression.js';
import { registerWebApp } from './plugins/web-app.js';
import { billingRoutes } from './modules/firm/billing/billing.routes.js';
import { createBillingContext } from './integrations/stripe/stripe-context.js';
import { mountStripeSandbox, STRIPE_SANDBOX_PATH } from './integrations/stripe/http/builtin-sandbox.js';
import { createTwilioSender } from './integrations/twilio/twilio-sender.js';
import { mountSmsSandbox } from './integrations/twilio/http/builtin-sandbox.js';
import { smsSandboxViewer } from './modules/people/sandboxes/sms-sandbox-viewer.service.js';
import { SMS_SANDBOX_PATH } from './integrations/twilio/twilio-settings.js';
import { inboundRoutes } from './modules/conversation/inbound/inbound.routes.js';
import { smsInboundRoutes } from './integrations/twilio/http/twilio-inbound.routes.js';
import { pushRoutes } from './modules/conversation/push/push.routes.js';
import { textAnswerRoutes } from './modules/conversation/text-answers/text-answers.routes.js';
import { reminderLadderRoutes } from './modules/conversation/reminders/reminder-ladder.routes.js';
import { reviewCheckRoutes } from './modules/books/review-checks/review-checks.routes.js';
import { reviewCheckSettingsRoutes } from './modules/books/review-checks/review-check-settings.routes.js';
import { automationReportRoutes } from './modules/books/rules/automation-report.routes.js';
import { reviewQuestionRoutes } from './modules/conversation/review-questions/review-questions.routes.js';
import { createWebPushSender } from './integrations/web-push/web-push-sender.js';
import { emailPreferenceRoutes } from './modules/messaging/email-preferences/email-preferences.routes.js';
import { digestSettingsRoutes } from './modules/conversation/digests/digest-settings.routes.js';

/** How a client sees a file through something of another module that holds it: a receipt, a communication. */
const FILE_GRANTS = [seesReceiptFile, clientSeesCommunicationFile];

const QBO_WEBHOOK_PATH = `${API_PREFIX}${QBO_PATHS.webhooks}`;
const XERO_WEBHOOK_PATH = `${API_PREFIX}${XERO_PATHS.webhooks}`;
const STRIPE_WEBHOOK_PATH = `${API_PREFIX}/${billingEndpoints.webhook.path}`;
const INBOUND_PATH = `${API_PREFIX}/${INBOUND_WEBHOOK_PATH}`;
const SMS_INCOMING = `${API_PREFIX}/${SMS_INCOMING_PATH}`;
const UNSUBSCRIBE_ONE_CLICK = `${API_PREFIX}/${UNSUBSCRIBE_ONE_CLICK_PATH}`;

export interface BuildOptions {
  config: Config;
  db: Db;
  /** Builds the mailer once the app's logger exists. */
  mailer: (app: FastifyInstance) => Mailer;
  jobs: JobQueue;
  /** Shorter waits after ledger throttles, for tests. */
  qbo?: QboContextOptions;
  /** Shorter waits after Xero's throttles, for tests. */
  xero?: Omit<XeroContextOptions, 'redirectPath'>;
  /** How long a Web Connector run waits for QuickBooks' answer before taking the connector as gone (tests shorten it). */
  connectors?: ConnectorChannelOptions;
  logger?: boolean | object;
}

export const buildApp = async (opts: BuildOptions): Promise<FastifyInstance> => {
  const app = Fastify({
    logger: opts.logger ?? { level: opts.config.logLevel },
    trustProxy: opts.config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  const storage = createStorage(opts.config);
  const qbo = createQboContext(opts.config, ledgerServices(opts.db), opts.qbo);
  const xero = createXeroContext(opts.config, opts.config.xero, ledgerServices(opts.db), { ...opts.xero, redirectPath: `${API_PREFIX}${XERO_PATHS.callback}` });
  // Runs of the QuickBooks Web Connector under way in this process (the one ledger that calls Herd).
  const connectors = new ConnectorChannels(opts.connectors ?? { answerTimeoutMs: 5 * 60_000 });
  const ledgers = createLedgerRegistry([qboAdapter(qbo), xeroAdapter(xero), qbdAdapter({ exchangeFor: (companyPk) => connectors.exchangeFor(companyPk) })]);
  const billing = createBillingContext(opts.config);
  const sms = createTwilioSender(opts.config.sms, opts.config.outboundTimeoutMs);
  // The built-in sandbox Karbon is mounted below, after the API; it answers on this server's own port once it listens.
  let karbonSandbox: KarbonSandbox | null = null;
  const karbon = createKarbonClient({ baseUrl: opts.config.karbonBaseUrl, sandboxUrl: () => karbonSandbox?.url() ?? null, timeoutMs: opts.config.outboundTimeoutMs });
  const karbonSandboxKeys = (firmId: number) => {
    if (!karbonSandbox) throw new NotFoundError(unavailable.karbonSandbox);
    // It answers on this server's own port: not before the server listens (an app driven without a port, as in tests).
    if (!karbonSandbox.url()) throw new ConflictError('The sandbox Karbon answers once the server listens on a port.');
    return karbonSandbox.keysFor(firmId);
  };
  const deps: AppDeps = {
    db: opts.db,
    config: opts.config,
    mailer: opts.mailer(app),
    storage,
    jobs: opts.jobs,
    ledgers,
    billing,
    sms,
    karbon,
    fileGrants: FILE_GRANTS,
    countRuleOverrides,
    redeemInvitationLink,
    profileOf,
    // The receipts' intake with this app's storage, database and job queue (read when a sweep runs, after this is built).
    push: createWebPushSender(opts.config.webPush),
    receiptIntake: { checkReceiptFile, intakeReceipts: (log, intake, alsoWrite) => intakeReceipts(deps, log, intake, alsoWrite) },
  };
  app.decorate('deps', deps);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerTextGuard(app);

  // Over plain http (a LAN address, a laptop) asking browsers to upgrade would rewrite every asset to an https that is not there.
  const overHttps = opts.config.appUrl.startsWith('https://');
  await app.register(helmet, {
    hsts: overHttps ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    contentSecurityPolicy: {
      directives: {
        'upgrade-insecure-requests': overHttps ? [] : null,
        // antd writes its styles at run time; the tag manager's host is allowed only when a tag-manager id is set.
        'style-src': ["'self'", "'unsafe-inline'"],
        'script-src': ["'self'", ...(opts.config.gtmId ? ['https://www.googletagmanager.com'] : [])],
        'img-src': ["'self'", 'data:', 'blob:'],
        'connect-src': ["'self'", 'https://*.sentry.io', 'https://*.ingest.sentry.io'],
      },
    },
  });
  await registerCompression(app);
  await app.register(cookie);
  await app.register(authPlugin);
  // Signed webhooks, signed one-click unsubscribe links and the built-in sandboxes (server-to-server calls) prove themselves otherwise.
  await app.register(csrfPlugin, {
    secure: opts.config.appUrl.startsWith('https://'),
    secretKey: opts.config.secretKey,
    appUrl: opts.config.appUrl,
    exempt: [
      GENERIC_INGEST_PREFIX,
      QBO_WEBHOOK_PATH,
      XERO_WEBHOOK_PATH,
      // The Web Connector proves itself with the company's password and the run's ticket.
      `${API_PREFIX}/${QBWC_SERVICE_PATH}`,
      BUILTIN_SANDBOX_PATH,
      BUILTIN_XERO_SANDBOX_PATH,
      KARBON_SANDBOX_PATH,
      // Karbon's deliveries prove themselves with the firm's secret path token and their signature.
      `${API_PREFIX}/integrations/karbon/webhooks/`,
      STRIPE_WEBHOOK_PATH,
      STRIPE_SANDBOX_PATH,
      SMS_SANDBOX_PATH,
      INBOUND_PATH,
      SMS_INCOMING,
      UNSUBSCRIBE_ONE_CLICK,
    ],
  });
  await registerDocs(app);

  await app.register(healthRoutes);
  await app.register(
    async (api) => {
      await api.register(multipart, { limits: { fileSize: opts.config.maxUploadBytes, files: 1, fields: 10 } });
      await api.register(appConfigRoutes);
      await api.register(authRoutes);
      await api.register(emailChangeRoutes);
      await api.register(profileRoutes);
      await api.register(mfaSignInRoutes);
      await api.register(mfaRoutes);
      await api.register(clientCompanyRoutes);
      await api.register(clientUserRoutes);
      await api.register(coworkerRoutes);
      await api.register(clientSideRoutes);
      await api.register(storageRoutes);
      await api.register(firmSettingsRoutes);
      await api.register(restrictionRoutes);
      await api.register(transactionRoutes);
      await api.register(ruleRoutes);
      await api.register(csvImportRoutes);
      await api.register(csvExportRoutes);
      await api.register(refRoutes);
      await api.register(noteRoutes);
      await api.register(notificationRoutes);
      await api.register(attachmentRoutes);
      await api.register(documentRoutes);
      await api.register(receiptRoutes);
      await api.register(communicationRoutes);
      await api.register(recurringRoutes);
      await api.register(requestTemplateRoutes);
      await api.register(genericRoutes);
      await api.register(billingRoutes);
      await api.register(inboundRoutes);
      await api.register(smsInboundRoutes);
      await api.register(emailPreferenceRoutes);
      await api.register(pushRoutes);
      await api.register(textAnswerRoutes);
      await api.register(reminderLadderRoutes);
      await api.register(reviewCheckRoutes);
      await api.register(reviewCheckSettingsRoutes);
      await api.register(automationReportRoutes);
      await api.register(reviewQuestionRoutes);
      await api.register(digestSettingsRoutes);
      await api.register(analyticsRoutes);
      // A ledger's own HTTP (OAuth callbacks, webhooks) and its generic connection endpoints.
      await api.register(qboRoutes, { qbo });
      await api.register(xeroRoutes, { xero });
      await api.register(qbwcRoutes, { connectors });
      await api.register(webConnectorRoutes);
      await api.register(qbdSandboxRoutes);
      await api.register(karbonRoutes, { sandboxKeys: karbonSandboxKeys });
      await api.register(karbonSandboxViewRoutes);
      if (opts.config.e2eOutbox) {
        await api.register(testingOutboxRoutes);
        await api.register(testingQboSandboxRoutes);
        await api.register(testingXeroSandboxRoutes);
        await api.register(testingKarbonSandboxRoutes);
        await api.register(testingBillingRoutes);
      }
    },
    { prefix: API_PREFIX },
  );
  app.decorate('qboSandbox', await mountBuiltinSandbox(app, opts.config));
  app.decorate('xeroSandbox', await mountBuiltinXeroSandbox(app, opts.config));
  karbonSandbox = await mountKarbonSandbox(app, opts.config);
  app.decorate('karbonSandbox', karbonSandbox);
  const stripeSandbox = await mountStripeSandbox(app, opts.config);
  if (stripeSandbox) Object.assign(billing, { stripe: stripeSandbox.stripe, sandbox: stripeSandbox.control });
  app.decorate('smsSandbox', await mountSmsSandbox(app, opts.config, smsSandboxViewer));
  await registerWebApp(app, opts.config.webDistDir);
  return app;
};
