import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../../app-deps.js';
import type { InboundMessage } from './inbound-message.format.js';

/** What a handler reaches: the app's dependencies and a log for what it refused. */
export interface InboundContext {
  deps: AppDeps;
  log: FastifyBaseLogger;
}

export type HandlerOutcome = { outcome: 'accepted' | 'duplicate' } | { outcome: 'refused'; reason: string };

/** One kind of Herd address, `<prefix>+<token>@INBOUND_DOMAIN`, and what files a message sent to it. */
export interface InboundHandler {
  prefix: string;
  handle(ctx: InboundContext, message: InboundMessage, address: { recipient: string; token: string }): Promise<HandlerOutcome>;
}
