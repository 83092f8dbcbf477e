import type { QbdCompany } from './company-store.js';
import { STATUS_OK, type RequestOutcome } from './qbxml-status.js';
import { leaf, node } from './xml-tree.js';

/** The qbXML versions the simulated QuickBooks (a 2024 US edition) says it supports. */
export const SUPPORTED_QBXML_VERSIONS = [
  '1.0',
  '1.1',
  '2.0',
  '2.1',
  '3.0',
  '4.0',
  '4.1',
  '5.0',
  '6.0',
  '7.0',
  '8.0',
  '9.0',
  '10.0',
  '11.0',
  '12.0',
  '13.0',
  '14.0',
  '15.0',
  '16.0',
];

export function answerHostQuery(): RequestOutcome {
  const host = node('HostRet', [
    ...leaf('ProductName', 'QuickBooks Enterprise Solutions: Accountant Edition 24.0'),
    ...leaf('MajorVersion', 34),
    ...leaf('MinorVersion', 0),
    ...leaf('Country', 'US'),
    ...SUPPORTED_QBXML_VERSIONS.flatMap((version) => leaf('SupportedQBXMLVersion', version)),
    ...leaf('IsAutomaticLogin', false),
    ...leaf('QBFileMode', 'SingleUser'),
  ]);
  return { status: STATUS_OK, rets: [host] };
}

/** The company's preferences: its accounting ones, the closing date among them when one is set. */
export function answerPreferencesQuery(company: QbdCompany): RequestOutcome {
  const accounting = node('AccountingPreferences', [
    ...leaf('IsUsingAccountNumbers', true),
    ...leaf('IsRequiringAccounts', true),
    ...leaf('IsUsingClassTracking', true),
    ...leaf('IsUsingAuditTrail', true),
    ...leaf('IsAssigningJournalEntryNumbers', true),
    ...leaf('ClosingDate', company.closingDate ?? undefined),
  ]);
  return { status: STATUS_OK, rets: [node('PreferencesRet', [accounting])] };
}

export function answerCompanyQuery(company: QbdCompany): RequestOutcome {
  const ret = node('CompanyRet', [
    ...leaf('IsSampleCompany', false),
    ...leaf('CompanyName', company.name),
    ...leaf('LegalCompanyName', company.name),
    ...leaf('FirstMonthFiscalYear', 'January'),
    ...leaf('FirstMonthIncomeTaxYear', 'January'),
    ...leaf('TaxForm', 'Form1120S'),
  ]);
  return { status: STATUS_OK, rets: [ret] };
}
