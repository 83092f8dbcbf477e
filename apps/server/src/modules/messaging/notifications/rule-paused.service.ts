import type { Db } from '../../../db/client.js';
import { notify } from './notify.service.js';

/**
 * Herd paused one of the firm's rules because people overruled it too often: the firm's people who see the
 * rule's company (everyone for a firm rule) are told which rule and why, with the numbers.
 */
export const notifyRulePaused = (tx: Db, e: { firmId: number; companyPk: number | null; matchText: string; reason: string }) =>
  notify(tx, {
    firmId: e.firmId,
    clientCompanyId: e.companyPk,
    kind: 'RULE_PAUSED',
    target: { type: 'ACCOUNTANT_COMPANY', pk: e.firmId },
    title: `The rule “${e.matchText}” was paused`,
    text: e.reason,
    to: { firm: true },
  });
