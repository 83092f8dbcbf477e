import { XMLBuilder } from 'fast-xml-parser';
import { QBWC_NAMESPACE } from './qbwc-envelope.js';

/**
 * The service's methods: each one's parameters (name, XML Schema type) and its result's type, as
 * Intuit's WSDL for the Web Connector has them (serverVersion takes no parameter there).
 */
const METHODS: Record<string, { params: [string, string][]; result: string }> = {
  serverVersion: { params: [], result: 's:string' },
  clientVersion: { params: [['strVersion', 's:string']], result: 's:string' },
  authenticate: {
    params: [
      ['strUserName', 's:string'],
      ['strPassword', 's:string'],
    ],
    result: 'tns:ArrayOfString',
  },
  sendRequestXML: {
    params: [
      ['ticket', 's:string'],
      ['strHCPResponse', 's:string'],
      ['strCompanyFileName', 's:string'],
      ['qbXMLCountry', 's:string'],
      ['qbXMLMajorVers', 's:int'],
      ['qbXMLMinorVers', 's:int'],
    ],
    result: 's:string',
  },
  receiveResponseXML: {
    params: [
      ['ticket', 's:string'],
      ['response', 's:string'],
      ['hresult', 's:string'],
      ['message', 's:string'],
    ],
    result: 's:int',
  },
  connectionError: {
    params: [
      ['ticket', 's:string'],
      ['hresult', 's:string'],
      ['message', 's:string'],
    ],
    result: 's:string',
  },
  getLastError: { params: [['ticket', 's:string']], result: 's:string' },
  closeConnection: { params: [['ticket', 's:string']], result: 's:string' },
};

export const QBWC_METHODS = Object.keys(METHODS);

const element = (name: string, type: string, minOccurs = 0) => ({ '@name': name, '@type': type, '@minOccurs': String(minOccurs), '@maxOccurs': '1' });

/** Each method's request and response elements, document/literal. */
const schemaElements = () =>
  Object.entries(METHODS).flatMap(([method, { params, result }]) => [
    { '@name': method, 's:complexType': { 's:sequence': { 's:element': params.map(([name, type]) => element(name, type, type === 's:int' ? 1 : 0)) } } },
    { '@name': `${method}Response`, 's:complexType': { 's:sequence': { 's:element': [element(`${method}Result`, result, result === 's:int' ? 1 : 0)] } } },
  ]);

/**
 * The service's WSDL (SOAP 1.1, document/literal, target namespace http://developer.intuit.com/),
 * served at the endpoint's own address with `?wsdl`; `address` is where the Web Connector posts.
 */
export const qbwcWsdl = (address: string): string => {
  const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@', format: true, suppressEmptyNode: true });
  const methods = Object.keys(METHODS);
  return `<?xml version="1.0" encoding="utf-8"?>\n${builder.build({
    'wsdl:definitions': {
      '@xmlns:soap': 'http://schemas.xmlsoap.org/wsdl/soap/',
      '@xmlns:s': 'http://www.w3.org/2001/XMLSchema',
      '@xmlns:tns': QBWC_NAMESPACE,
      '@xmlns:wsdl': 'http://schemas.xmlsoap.org/wsdl/',
      '@targetNamespace': QBWC_NAMESPACE,
      'wsdl:types': {
        's:schema': {
          '@elementFormDefault': 'qualified',
          '@targetNamespace': QBWC_NAMESPACE,
          's:element': schemaElements(),
          's:complexType': {
            '@name': 'ArrayOfString',
            's:sequence': { 's:element': { '@minOccurs': '0', '@maxOccurs': 'unbounded', '@name': 'string', '@nillable': 'true', '@type': 's:string' } },
          },
        },
      },
      'wsdl:message': methods.flatMap((method) => [
        { '@name': `${method}SoapIn`, 'wsdl:part': { '@name': 'parameters', '@element': `tns:${method}` } },
        { '@name': `${method}SoapOut`, 'wsdl:part': { '@name': 'parameters', '@element': `tns:${method}Response` } },
      ]),
      'wsdl:portType': {
        '@name': 'QBWebConnectorSvcSoap',
        'wsdl:operation': methods.map((method) => ({
          '@name': method,
          'wsdl:input': { '@message': `tns:${method}SoapIn` },
          'wsdl:output': { '@message': `tns:${method}SoapOut` },
        })),
      },
      'wsdl:binding': {
        '@name': 'QBWebConnectorSvcSoap',
        '@type': 'tns:QBWebConnectorSvcSoap',
        'soap:binding': { '@transport': 'http://schemas.xmlsoap.org/soap/http' },
        'wsdl:operation': methods.map((method) => ({
          '@name': method,
          'soap:operation': { '@soapAction': `${QBWC_NAMESPACE}${method}`, '@style': 'document' },
          'wsdl:input': { 'soap:body': { '@use': 'literal' } },
          'wsdl:output': { 'soap:body': { '@use': 'literal' } },
        })),
      },
      'wsdl:service': {
        '@name': 'QBWebConnectorSvc',
        'wsdl:port': { '@name': 'QBWebConnectorSvcSoap', '@binding': 'tns:QBWebConnectorSvcSoap', 'soap:address': { '@location': address } },
      },
    },
  })}`;
};
