import { isAccountantSide } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { loadAccountRestrictions } from '../../../kernel/account-scope.js';
import { resolveActor } from '../../../kernel/actor.js';
import { findFirm } from '../../../kernel/companies.queries.js';
import type { PushNews } from './push-message.content.js';
import { countNewQuestions, newBellItems } from './push.queries.js';
import { dueNoticesOf } from '../communications/communications.face.js';

/**
 * What happened for a person between `since` and `through`, within what they may see now: a client's
 * new transactions to explain in each of their companies (their account restrictions applied), and
 * their unread bell. Null for a person who may no longer sign in or belongs to no firm.
 */
export const newsOf = async (db: Db, userId: number, since: Date, through: Date): Promise<PushNews | null> => {
  const actor = await resolveActor(db, userId);
  if (!actor || actor.firmId === null) return null;
  const firm = await findFirm(db, actor.firmId);
  if (!firm) return null;
  const side = isAccountantSide(actor.accountType) ? 'accountant' : 'client';
  const questions = [];
  if (side === 'client') {
    for (const companyPk of actor.clientCompanyIds) {
      const count = await countNewQuestions(db, companyPk, await loadAccountRestrictions(db, userId, companyPk), since, through);
      if (count > 0) questions.push({ companyPk, count });
    }
  }
  const dueRequests = side === 'client' ? await dueNoticesOf(db, userId, since, through) : { due: 0, overdue: 0, companyPk: null };
  const bell = await newBellItems(db, userId, since, through);
  const newest = bell.newest[0];
  return {
    side,
    firmName: firm.companyName,
    questions,
    dueRequests,
    bell: {
      total: bell.total,
      newest: newest
        ? { kind: newest.kind, targetType: newest.targetType, targetPk: newest.targetPk, clientCompanyId: newest.clientCompanyId, title: newest.title, text: newest.text }
        : null,
    },
  };
};
