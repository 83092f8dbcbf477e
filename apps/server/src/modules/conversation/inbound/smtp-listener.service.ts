import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { AppDeps } from '../../../app-deps.js';
import { handlerFor, receiveInbound, type InboundReceipt } from './inbound-pipeline.service.js';
import { readLimited } from './read-limited.format.js';

/** More recipients than any reply needs: past it the listener is being used for something else. */
const MAX_RECIPIENTS = 20;

const smtpError = (responseCode: number, message: string) => Object.assign(new Error(message), { responseCode });

/** The pipeline's answer as SMTP's: accepted if any of Herd's addresses took it, else a permanent refusal the sender's server bounces. */
const answerOf = (receipt: InboundReceipt): Error | null => {
  if (!receipt.ok) return smtpError(receipt.why === 'too-large' ? 552 : 550, receipt.reason);
  if (receipt.deliveries.some((d) => d.outcome !== 'refused')) return null;
  const refusal = receipt.deliveries.find((d) => d.outcome === 'refused');
  return smtpError(550, refusal && 'reason' in refusal ? refusal.reason : 'The message was refused.');
};

export interface InboundSmtpListener {
  port: number;
  close(): Promise<void>;
}

/**
 * Herd's own SMTP server for its inbound domain (the domain's MX record
 * points here). It takes mail only for addresses Herd gives out (it relays
 * nothing), reads each message up to INBOUND_MAX_MB and answers at the end of
 * DATA with what the pipeline decided, so a refused reply bounces to its
 * sender. No authentication: senders are other mail servers.
 */
export const startInboundSmtp = async (deps: AppDeps, log: FastifyBaseLogger, listen: { port: number; host: string }): Promise<InboundSmtpListener> => {
  const { domain, maxMessageBytes } = deps.config.inbound;
  const ctx = { deps, log };
  const server = new SMTPServer({
    name: domain,
    banner: 'Herd inbound mail',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: maxMessageBytes,
    logger: false,
    onRcptTo(address, session, callback) {
      if (!handlerFor(address.address.toLowerCase(), domain)) return callback(smtpError(550, 'No such address here.'));
      if (session.envelope.rcptTo.length >= MAX_RECIPIENTS) return callback(smtpError(452, 'Too many recipients.'));
      callback();
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      const recipients = session.envelope.rcptTo.map((r) => r.address);
      readLimited(stream, maxMessageBytes)
        .then(async (read) => {
          if (!read.ok || stream.sizeExceeded) {
            log.warn({ bytes: read.bytes, recipients }, 'inbound email refused: too large');
            return callback(smtpError(552, `The message is larger than ${Math.round(maxMessageBytes / (1024 * 1024))} MB.`));
          }
          const answer = answerOf(await receiveInbound(ctx, read.bytes, recipients));
          return answer ? callback(answer) : callback(null, 'Filed.');
        })
        .catch((err: unknown) => {
          // Ours, not the sender's: a temporary failure, so the sending server tries again later.
          log.error({ err, recipients }, 'inbound email could not be filed');
          callback(smtpError(451, 'Temporary failure; try again later.'));
        });
    },
  });
  server.on('error', (err) => log.error({ err }, 'inbound SMTP listener error'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(listen.port, listen.host, () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  log.info({ port, domain }, 'inbound SMTP listener started');
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};
