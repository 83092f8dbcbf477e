import type { FastifyRequest } from 'fastify';
import type { SandboxSender, SandboxViewer } from '@herd/simulators';
import { firmPhones, type FirmPhone } from './sandbox-phones.queries.js';
import { sandboxVisitor } from './sandbox-visitor.rule.js';

const INTERNATIONAL = /^\+[1-9]\d{6,14}$/;

/** A number as the sandbox keeps it: `+` and digits, whatever spacing the profile has. */
const normalized = (phone: string) => phone.replace(/[^\d+]/g, '');

const senderOf = (person: FirmPhone): SandboxSender => {
  const name = `${person.firstName} ${person.lastName}`.trim();
  const who = name ? `${name} (${person.email})` : person.email;
  return { number: normalized(person.phone), label: `${who}, whose receipts go to ${person.company ?? ''}` };
};

/**
 * What a firm member sees of the texts sandbox: the texts to and from their own firm's people, and
 * their clients' phones to text a receipt from (a client's receipts go to the company they joined
 * first). Anyone else, signed out or a client, sees nothing.
 */
export const smsSandboxViewer = async (request: FastifyRequest): Promise<SandboxViewer | null> => {
  const visitor = await sandboxVisitor(request);
  if (!visitor) return null;
  const people = await firmPhones(request.server.deps.db, visitor.firmId);
  const numbers = new Set(people.map((p) => normalized(p.phone)));
  const senders = people.filter((p) => p.company !== null && INTERNATIONAL.test(normalized(p.phone))).map(senderOf);
  return { sees: (number) => numbers.has(normalized(number)), senders };
};
