import { buildXml, node, type OutElement } from './xml-tree.js';

/** A qbXML request document (the `?qbxml` version line QuickBooks requires, then the requests). */
export function qbxmlRequest(requests: OutElement[], onError = 'stopOnError', version = '13.0'): string {
  return buildXml(
    [
      { name: 'xml', attrs: { version: '1.0', encoding: 'utf-8' } },
      { name: 'qbxml', attrs: { version } },
    ],
    node('QBXML', [node('QBXMLMsgsRq', requests, { onError })]),
  );
}

/**
 * What QBWC asks QuickBooks before the first sendRequestXML, whose answer travels as
 * strHCPResponse. QBWC also asks PreferencesQuery, which the simulator does not model.
 */
export function hostAndCompanyRequests(): OutElement[] {
  return [node('HostQueryRq', [], { requestID: '1' }), node('CompanyQueryRq', [], { requestID: '2' })];
}
