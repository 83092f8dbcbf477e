import { createMailer } from './mail/mailer.js';
import { smtpTransport } from './integrations/email/smtp-transport.js';
import { outboxTransport } from './mail/transports.js';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { ConfigError } from './config-env.js';
import { openDatabase } from './db/client.js';
import { startMaintenance } from './maintenance.js';
import { startWorkers } from './jobs/handlers.js';
import { createJobQueue } from './jobs/job-queue.js';
import { closeReadingPools } from './modules/files/receipts/reading/reading.face.js';
import { createStorage } from './integrations/file-storage/create-storage.js';
import { DEMO, PUBLIC_DEMO_WARNING, countUsers, decideDemoSeed, demoSignInExists, seedDemo } from './seed/demo.js';
import { startInboundSmtp } from './modules/conversation/inbound/smtp-listener.service.js';
import { startMessages } from './start-messages.js';

/**
 * One process by default: API, web app and background work on the embedded
 * database. `--role=api` or `--role=worker` splits them for scale-out.
 */
const role = process.argv.find((a) => a.startsWith('--role='))?.slice('--role='.length) ?? 'all';

const main = async () => {
  const config = loadConfig();
  const database = await openDatabase(config);
  await database.migrate();

  // The queue exists before the app so routes can enqueue; its errors reach the app's log once there is one.
  let log: { error(obj: object, msg: string): void } = { error: (obj, msg) => process.stderr.write(`${msg}: ${JSON.stringify(obj)}\n`) };
  const jobs = await createJobQueue(database.executeSql, (err) => log.error({ err }, 'job queue error'));
  const app = await buildApp({
    config,
    db: database.db,
    jobs,
    mailer: (a) =>
      createMailer(database.db, config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : outboxTransport(a.log, { secretLinks: !config.production }), a.log, {
        keepLinks: config.e2eOutbox,
        links: { appUrl: config.appUrl, secretKey: config.secretKey },
      }),
  });

  const decision = decideDemoSeed(config.demoData, { externalDb: database.kind === 'postgres', production: config.production }, await countUsers(database.db));
  if (decision === 'seed') {
    await seedDemo(database.db, createStorage(config), jobs);
    app.log.info('demo data created');
  }
  const publicDemo = (decision === 'seed' || decision === 'skip-not-empty') && (await demoSignInExists(database.db));
  if (publicDemo && config.production) app.log.warn(PUBLIC_DEMO_WARNING);
  // Every role says it: workers send the emails, API processes answer the screens that would claim them.
  for (const { level, text } of startMessages(config)) app.log[level](text);

  log = app.log;
  const stopMaintenance = role === 'api' ? () => {} : startMaintenance(database.db, app.log);
  if (role !== 'api') await startWorkers(app.deps, app.log);
  // Mail is taken where requests are: a worker-only process leaves the listener to the API processes.
  const { smtpPort, smtpHost } = config.inbound;
  const inboundSmtp = smtpPort !== null && role !== 'worker' ? await startInboundSmtp(app.deps, app.log, { port: smtpPort, host: smtpHost }) : null;
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    stopMaintenance();
    await inboundSmtp?.close();
    await jobs.stop();
    // The OCR workers and file threads started by the first receipt read would keep the process alive.
    await closeReadingPools();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  if (role === 'worker') {
    app.log.info('worker started');
    return;
  }
  await app.listen({ port: config.port, host: config.host });
  // The built-in sandbox tells Herd about changes the way Intuit would: signed webhooks.
  app.qboSandbox?.configureWebhook(`http://127.0.0.1:${config.port}/api/v1/quickbooks/webhooks/`);
  app.xeroSandbox?.configureWebhook(`http://127.0.0.1:${config.port}/api/v1/xero/webhooks/`);
  const url = config.appUrl;
  const lines = [
    '',
    `  Herd is running at ${url}`,
    `  Database: ${database.kind === 'pglite' ? `embedded (${config.dataDir})` : 'PostgreSQL'}`,
    ...(publicDemo && config.production ? ['', `  ${PUBLIC_DEMO_WARNING}`, ''] : []),
    ...(publicDemo ? [`  Demo sign-ins (password ${DEMO.password}):`, `    accountant: ${DEMO.accountantEmail}`, `    client:     ${DEMO.clientEmail}`] : []),
    `  API docs: ${url}/api/docs`,
    `  Replies by email: reply+…@${config.inbound.domain} (${[inboundSmtp ? `SMTP on port ${inboundSmtp.port}` : null, config.inbound.webhookSecret ? 'webhook on' : null].filter(Boolean).join(', ') || 'no way in configured'})`,
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
};

main().catch((err: unknown) => {
  // A configuration problem is the operator's to fix: its message says what, a stack would only hide it.
  const detail = err instanceof ConfigError ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err);
  process.stderr.write(`Herd failed to start: ${detail}\n`);
  process.exit(1);
});
