import { LedgerError } from '../../lib/errors.js';
import { askQbxml } from './qbd-ask.js';
import type { QbxmlExchange } from './qbxml-exchange.js';
import { requireSuccess } from './qbxml-status.js';
import { childOf, childrenOf, QBXML_VERSION, textOf } from './qbxml-xml.js';

/** What QuickBooks says of itself and of the company file it has open. */
export interface QbdHost {
  productName: string;
  companyName: string;
  qbxmlVersions: string[];
  /** The company's closing date (Preferences → AccountingPreferences → ClosingDate), when asked for; null: none set. */
  closingDate: string | null;
}

/** QuickBooks on the machine is too old to speak the qbXML version Herd writes: a person must update it, so no retry helps. */
export class QbdHostTooOldError extends LedgerError {}

/**
 * The first request of a pull, as the Web Connector's own first exchange is: HostQuery and
 * CompanyQuery together. It checks that QuickBooks speaks Herd's qbXML version before anything is
 * read or written, so an old QuickBooks stops the run with what to do rather than with a refusal
 * of the first query it cannot parse.
 */
export const askHost = async (exchange: QbxmlExchange, options: { closingDate?: boolean } = {}): Promise<QbdHost> => {
  const [host, company, preferences] = await askQbxml(
    exchange,
    [
      { name: 'HostQueryRq', fields: [] },
      { name: 'CompanyQueryRq', fields: [] },
      // In the same document, so a pull learns the closing date without another round trip of the Web Connector.
      ...(options.closingDate ? [{ name: 'PreferencesQueryRq', fields: [] }] : []),
    ],
    'continueOnError',
  );
  const preferencesRet = preferences && requireSuccess(preferences.status) ? preferences.rets.find((ret) => ret.name === 'PreferencesRet') : undefined;
  const hostRet = host && requireSuccess(host.status) ? host.rets.find((ret) => ret.name === 'HostRet') : undefined;
  const companyRet = company && requireSuccess(company.status) ? company.rets.find((ret) => ret.name === 'CompanyRet') : undefined;
  const found: QbdHost = {
    productName: textOf(hostRet, 'ProductName'),
    companyName: textOf(companyRet, 'CompanyName'),
    qbxmlVersions: childrenOf(hostRet, 'SupportedQBXMLVersion').map((each) => each.text.trim()),
    closingDate: textOf(childOf(preferencesRet, 'AccountingPreferences'), 'ClosingDate').trim() || null,
  };
  if (!found.qbxmlVersions.includes(QBXML_VERSION)) {
    const newest = found.qbxmlVersions.at(-1) ?? 'none';
    throw new QbdHostTooOldError(
      `${found.productName || 'This QuickBooks'} speaks qbXML up to ${newest}; Herd needs ${QBXML_VERSION} (QuickBooks 2014 or later). Update QuickBooks Desktop, then run the Web Connector again.`,
    );
  }
  return found;
};
