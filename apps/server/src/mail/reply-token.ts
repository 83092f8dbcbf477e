import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of a reply address `reply+<token>@INBOUND_DOMAIN`: which thread a
 * client's emailed answer belongs to, whom it may come from and until when,
 * signed with a key derived from SECRET_KEY so it can be neither guessed nor
 * edited. It is lower-case base32 (mail systems may change the case of an
 * address) and 48 characters, so `reply+<token>` stays within the 64 an
 * address's local part may have.
 */

/** A transaction's thread, a request's (the email telling of it), or the client company's (invitations, reminders, company notes). */
export type ReplyTarget = { kind: 'transaction'; pk: number } | { kind: 'client-company'; pk: number } | { kind: 'communication'; pk: number };

export interface ReplyGrant {
  target: ReplyTarget;
  /** The client user the email went to: only their address may answer through it. */
  userPk: number;
  expiresAt: Date;
}

/** How long a reply address works; a transaction's also stops once it is published (checked on receipt). */
export const REPLY_TOKEN_DAYS = 60;

const VERSION = 1;
const KIND_CODES = { transaction: 1, 'client-company': 2, communication: 3 } as const;
const KINDS_BY_CODE = new Map<number, ReplyTarget['kind']>(Object.entries(KIND_CODES).map(([kind, code]) => [code, kind as ReplyTarget['kind']]));
const PAYLOAD_BYTES = 14;
const MAC_BYTES = 16;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

const base32 = (bytes: Buffer): string => {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
};

const fromBase32 = (text: string): Buffer | null => {
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of text.toLowerCase()) {
    const digit = ALPHABET.indexOf(char);
    if (digit < 0) return null;
    value = ((value << 5) | digit) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
};

/** A key of its own for reply tokens, so nothing else signed with SECRET_KEY can pass for one. */
const macOf = (secretKey: string, payload: Buffer) => {
  const key = createHmac('sha256', secretKey).update('herd inbound reply token').digest();
  return createHmac('sha256', key).update(payload).digest().subarray(0, MAC_BYTES);
};

export const signReplyToken = (secretKey: string, grant: ReplyGrant): string => {
  const payload = Buffer.alloc(PAYLOAD_BYTES);
  payload.writeUInt8(VERSION, 0);
  payload.writeUInt8(KIND_CODES[grant.target.kind], 1);
  payload.writeUInt32BE(grant.target.pk, 2);
  payload.writeUInt32BE(grant.userPk, 6);
  payload.writeUInt32BE(Math.floor(grant.expiresAt.getTime() / 1000), 10);
  return base32(Buffer.concat([payload, macOf(secretKey, payload)]));
};

export type TokenCheck = { ok: true; grant: ReplyGrant } | { ok: false; why: 'forged' | 'expired' };

/** The grant a token carries, if Herd signed it and it has not expired; a token that does not verify says nothing more. */
export const verifyReplyToken = (secretKey: string, token: string, now = new Date()): TokenCheck => {
  const bytes = fromBase32(token);
  if (!bytes || bytes.length !== PAYLOAD_BYTES + MAC_BYTES) return { ok: false, why: 'forged' };
  const payload = bytes.subarray(0, PAYLOAD_BYTES);
  if (!timingSafeEqual(bytes.subarray(PAYLOAD_BYTES), macOf(secretKey, payload))) return { ok: false, why: 'forged' };
  const kindCode = payload.readUInt8(1);
  const kind = KINDS_BY_CODE.get(kindCode);
  if (payload.readUInt8(0) !== VERSION || !kind) return { ok: false, why: 'forged' };
  const expiresAt = new Date(payload.readUInt32BE(10) * 1000);
  if (expiresAt <= now) return { ok: false, why: 'expired' };
  return { ok: true, grant: { target: { kind, pk: payload.readUInt32BE(2) }, userPk: payload.readUInt32BE(6), expiresAt } };
};

export interface ReplyAddressing {
  secretKey: string;
  inbound: { domain: string };
}

export const REPLY_PREFIX = 'reply';

/** The Reply-To of an email asking `userPk` about `target`: unique to that thread and person, valid REPLY_TOKEN_DAYS. */
export const replyAddressFor = (config: ReplyAddressing, target: ReplyTarget, userPk: number, now = new Date()): string => {
  const expiresAt = new Date(now.getTime() + REPLY_TOKEN_DAYS * 24 * 60 * 60 * 1000);
  return `${REPLY_PREFIX}+${signReplyToken(config.secretKey, { target, userPk, expiresAt })}@${config.inbound.domain}`;
};
