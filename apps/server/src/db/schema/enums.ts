import { pgEnum } from 'drizzle-orm/pg-core';
import { ACCOUNT_TYPES, CONNECTION_KINDS, CONNECTION_STATES, FIRM_ROLES, MFA_METHODS, SUBSCRIPTION_STATUSES } from '@herd/contract';

export const accountTypeEnum = pgEnum('account_type', ACCOUNT_TYPES);
export const firmRoleEnum = pgEnum('firm_role', FIRM_ROLES);
export const connectionKindEnum = pgEnum('connection_kind', CONNECTION_KINDS);
export const subscriptionStatusEnum = pgEnum('subscription_status', SUBSCRIPTION_STATUSES);
export const mfaMethodEnum = pgEnum('mfa_method', MFA_METHODS);
export const oneTimeCodePurposeEnum = pgEnum('one_time_code_purpose', ['MAGIC_LINK', 'PASSWORD_RESET']);
export const clientRoleEnum = pgEnum('client_role', ['CLIENT', 'CLIENT_COWORKER']);
export const connectionStateEnum = pgEnum('connection_state', CONNECTION_STATES);
