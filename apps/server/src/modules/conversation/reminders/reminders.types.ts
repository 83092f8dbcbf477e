import type { Db } from '../../../db/client.js';
import type { Mailer } from '../../../mail/mailer.js';
import type { ReplyAddressing } from '../../../mail/reply-token.js';
import type { SmsSender } from '../../messaging/texts/texts.face.js';

/** What sending a reminder needs: the mailer, the text sender (Twilio, or the built-in sandbox) and the addresses. */
export interface ReminderContext {
  db: Db;
  mailer: Mailer;
  sms: SmsSender;
  appUrl: string;
  replies: ReplyAddressing;
}

export interface ReminderCompany {
  pk: number;
  firmId: number;
  name: string;
  pinnedNote: string;
}

export interface ReminderPerson {
  pk: number;
  email: string;
  firstName: string;
  phone: string;
  neverText: boolean;
}
