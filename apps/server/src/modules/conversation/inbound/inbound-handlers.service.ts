import type { InboundHandler } from './inbound.types.js';
import { receiptsHandler } from './receipts-handler.service.js';
import { replyHandler } from './reply-handler.service.js';

/**
 * Herd's addresses by their prefix: `reply+<token>@…` files a client's answer
 * in the thread its email asked about; `receipts+<token>@…` files a client's
 * emailed receipts into their company. A new kind of address adds its handler here.
 */
export const inboundHandlers: readonly InboundHandler[] = [replyHandler, receiptsHandler];
