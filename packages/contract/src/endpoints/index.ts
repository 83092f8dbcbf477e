import type { Endpoint } from '../endpoint.js';
import { analyticsEndpoints } from './analytics.js';
import { appEndpoints } from './app.js';
import { appManifestEndpoints } from './app-manifest.js';
import { authEndpoints, profileEndpoints } from './auth.js';
import { billingEndpoints } from './billing.js';
import { clientCompanyEndpoints } from './client-companies.js';
import { clientSideEndpoints } from './client-side.js';
import { communicationEndpoints } from './communications.js';
import { csvExportEndpoints } from './csv-exports.js';
import { emailPreferenceEndpoints } from './email-preferences.js';
import { pushEndpoints } from './push.js';
import { textAnswerEndpoints } from './text-answers.js';
import { fileEndpoints } from './files.js';
import { automationEndpoints, firmSettingsEndpoints, reviewCheckSettingsEndpoints } from './firm.js';
import { genericEndpoints } from './generic.js';
import { importEndpoints } from './imports.js';
import { inboundEndpoints } from './inbound.js';
import { memberMfaEndpoints, mfaSetupEndpoints, mfaSignInEndpoints } from './mfa.js';
import { noteEndpoints } from './notes.js';
import { notificationEndpoints } from './notifications.js';
import { clientUserEndpoints, coworkerEndpoints } from './people.js';
import { quickbooksEndpoints } from './quickbooks.js';
import { receiptEndpoints } from './receipts.js';
import { recurringEndpoints } from './recurring.js';
import { refEndpoints } from './refs.js';
import { requestTemplateEndpoints } from './request-templates.js';
import { restrictionEndpoints } from './restrictions.js';
import { ruleEndpoints } from './rules.js';
import { smsEndpoints } from './sms.js';
import { testingEndpoints } from './testing.js';
import { transactionEndpoints } from './transactions.js';
import { xeroEndpoints } from './xero.js';
import { qbdEndpoints } from './qbd.js';
import { karbonEndpoints } from './karbon.js';
import { documentEndpoints, documentTrashEndpoints } from './documents.js';

export * from './analytics.js';
export * from './app.js';
export * from './app-manifest.js';
export * from './auth.js';
export * from './billing.js';
export * from './client-companies.js';
export * from './client-side.js';
export * from './communications.js';
export * from './csv-exports.js';
export * from './email-preferences.js';
export * from './push.js';
export * from './text-answers.js';
export * from './files.js';
export * from './firm.js';
export * from './generic.js';
export * from './imports.js';
export * from './inbound.js';
export * from './ledgers.js';
export * from './mfa.js';
export * from './notes.js';
export * from './notifications.js';
export * from './people.js';
export * from './quickbooks.js';
export * from './receipts.js';
export * from './recurring.js';
export * from './refs.js';
export * from './request-templates.js';
export * from './restrictions.js';
export * from './rules.js';
export * from './sms.js';
export * from './testing.js';
export * from './transactions.js';
export * from './xero.js';
export * from './qbd.js';
export * from './karbon.js';
export * from './documents.js';

/** The route table: every endpoint group; the server serves each, the web app calls them. */
export const endpointGroups = {
  app: appEndpoints,
  appManifest: appManifestEndpoints,
  auth: authEndpoints,
  profile: profileEndpoints,
  mfaSignIn: mfaSignInEndpoints,
  mfaSetup: mfaSetupEndpoints,
  memberMfa: memberMfaEndpoints,
  coworkers: coworkerEndpoints,
  clientUsers: clientUserEndpoints,
  restrictions: restrictionEndpoints,
  firmSettings: firmSettingsEndpoints,
  reviewCheckSettings: reviewCheckSettingsEndpoints,
  automation: automationEndpoints,
  clientCompanies: clientCompanyEndpoints,
  clientSide: clientSideEndpoints,
  generic: genericEndpoints,
  quickbooks: quickbooksEndpoints,
  xero: xeroEndpoints,
  qbd: qbdEndpoints,
  karbon: karbonEndpoints,
  testing: testingEndpoints,
  transactions: transactionEndpoints,
  files: fileEndpoints,
  notes: noteEndpoints,
  notifications: notificationEndpoints,
  refs: refEndpoints,
  imports: importEndpoints,
  csvExports: csvExportEndpoints,
  billing: billingEndpoints,
  inbound: inboundEndpoints,
  analytics: analyticsEndpoints,
  rules: ruleEndpoints,
  sms: smsEndpoints,
  receipts: receiptEndpoints,
  emailPreferences: emailPreferenceEndpoints,
  push: pushEndpoints,
  textAnswers: textAnswerEndpoints,
  communications: communicationEndpoints,
  recurring: recurringEndpoints,
  requestTemplates: requestTemplateEndpoints,
  documentsAccountant: documentEndpoints.accountant,
  documentsClient: documentEndpoints.client,
  documentsTrash: documentTrashEndpoints,
} as const satisfies Record<string, Record<string, Endpoint>>;

export const allEndpoints = (): Endpoint[] => Object.values(endpointGroups).flatMap((group) => Object.values(group));
