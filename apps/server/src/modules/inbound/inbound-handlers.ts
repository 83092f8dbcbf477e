import type { InboundHandler } from './inbound-types.js';
import { replyHandler } from './reply-handler.js';

/**
 * Herd's addresses by their prefix: `reply+<token>@…` files a client's answer
 * in the thread its email asked about. A new kind of address (receipts) adds
 * its handler here.
 */
export const inboundHandlers: readonly InboundHandler[] = [replyHandler];
