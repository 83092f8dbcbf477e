import { describe, expect, it } from 'vitest';
import { buildSoapRequest, buildSoapResponse } from '../qbd/soap-envelope.js';
import { qbwcRules } from './rule-files.js';
import { judgeSoapAnswer, judgeSoapCall } from './soap-check.js';
import { judgeWsdl } from './wsdl-check.js';

const action = (method: string) => `"http://developer.intuit.com/${method}"`;
const sendRequestXml = (major: string | number = 13): [string, string | number][] => [
  ['ticket', 't'],
  ['strHCPResponse', '<QBXML>&amp;</QBXML>'],
  ['strCompanyFileName', 'C:\\Books\\A.QBW'],
  ['qbXMLCountry', 'US'],
  ['qbXMLMajorVers', major],
  ['qbXMLMinorVers', 0],
];

describe('the Web Connector WSDL rules', () => {
  it('name their source and keep each operation’s SOAPAction and parameters in order', () => {
    const rules = qbwcRules();
    expect(rules.source).toMatchObject({ repository: 'github.com/flowlink/quickbooks_desktop_integration', path: 'QBWebConnectorSvc.wsdl' });
    expect(Object.keys(rules.operations).sort()).toEqual(
      ['authenticate', 'clientVersion', 'closeConnection', 'connectionError', 'getLastError', 'receiveResponseXML', 'sendRequestXML', 'serverVersion'].sort(),
    );
    expect(rules.operations.sendRequestXML?.input.parameters.map((each) => `${each.name}:${each.type}:${each.min}`)).toEqual([
      'ticket:s:string:0',
      'strHCPResponse:s:string:0',
      'strCompanyFileName:s:string:0',
      'qbXMLCountry:s:string:0',
      'qbXMLMajorVers:s:int:1',
      'qbXMLMinorVers:s:int:1',
    ]);
    expect(rules.operations.serverVersion?.input.parameters).toEqual([]);
  });
});

describe('judging the Web Connector’s SOAP', () => {
  it('takes calls as the WSDL has them', () => {
    expect(judgeSoapCall(buildSoapRequest('sendRequestXML', sendRequestXml()), action('sendRequestXML'))).toEqual({ operation: 'sendRequestXML', problems: [] });
    expect(judgeSoapCall(buildSoapRequest('serverVersion', []), 'http://developer.intuit.com/serverVersion')).toEqual({ operation: 'serverVersion', problems: [] });
  });

  it('names a wrong SOAPAction, an unknown parameter, one out of order and a type that does not read', () => {
    expect(judgeSoapCall(buildSoapRequest('serverVersion', [['strVersion', '']]), action('serverVersion')).problems).toEqual([
      'serverVersion: strVersion is not an element of serverVersion (wsdl:types, serverVersion)',
    ]);
    expect(judgeSoapCall(buildSoapRequest('getLastError', [['ticket', 't']]), action('closeConnection')).problems).toEqual([
      'getLastError: the SOAPAction header is "http://developer.intuit.com/closeConnection"; the binding says "http://developer.intuit.com/getLastError" (wsdl:binding, getLastError)',
    ]);
    expect(judgeSoapCall(buildSoapRequest('sendRequestXML', sendRequestXml('thirteen')), action('sendRequestXML')).problems).toEqual([
      'sendRequestXML/qbXMLMajorVers: "thirteen" is not an s:int (wsdl:types, sendRequestXML/qbXMLMajorVers)',
    ]);
    const swapped = sendRequestXml();
    [swapped[0], swapped[1]] = [swapped[1]!, swapped[0]!];
    expect(judgeSoapCall(buildSoapRequest('sendRequestXML', swapped), action('sendRequestXML')).problems).toEqual([
      'sendRequestXML: ticket must come before strHCPResponse (wsdl:types, sendRequestXML)',
    ]);
    expect(judgeSoapCall(buildSoapRequest('dropTables', []), action('dropTables')).problems).toEqual([
      'the body\'s dropTables (in "http://developer.intuit.com/") is not an operation\'s call of the WSDL (wsdl:portType, http://developer.intuit.com/)',
    ]);
  });

  it('judges answers: the result element and type, an ArrayOfString, and a SOAP Fault', () => {
    expect(judgeSoapAnswer('authenticate', buildSoapResponse('authenticate', ['ticket', '']))).toEqual([]);
    expect(judgeSoapAnswer('receiveResponseXML', buildSoapResponse('receiveResponseXML', 100))).toEqual([]);
    expect(judgeSoapAnswer('receiveResponseXML', buildSoapResponse('receiveResponseXML', '50%'))).toEqual([
      'receiveResponseXMLResponse/receiveResponseXMLResult: "50%" is not an s:int (wsdl:types, receiveResponseXMLResponse/receiveResponseXMLResult)',
    ]);
    expect(judgeSoapAnswer('getLastError', buildSoapResponse('closeConnection', 'done'))).toEqual([
      'getLastError: the answer\'s body holds closeConnectionResponse (in "http://developer.intuit.com/"), not getLastErrorResponse in "http://developer.intuit.com/" (wsdl:message getLastErrorSoapOut)',
    ]);
    const fault =
      '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault><faultcode>soap:Client</faultcode><faultstring>no</faultstring></soap:Fault></soap:Body></soap:Envelope>';
    expect(judgeSoapAnswer('serverVersion', fault)).toEqual([]);
    expect(judgeSoapAnswer('serverVersion', '<Envelope><Body/></Envelope>')).toEqual([
      'the SOAP message\'s one element must be Envelope in "http://schemas.xmlsoap.org/soap/envelope/" (SOAP 1.1, the binding\'s soap:binding)',
    ]);
  });
});

describe('judging a WSDL against Intuit’s', () => {
  it('names an operation whose parameters differ, and one Intuit’s does not have', () => {
    const wsdl = (operations: string) =>
      `<wsdl:definitions xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" xmlns:s="http://www.w3.org/2001/XMLSchema" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/"><wsdl:types><s:schema>` +
      `<s:element name="serverVersion"><s:complexType><s:sequence><s:element name="strVersion" type="s:string" minOccurs="0" maxOccurs="1"/></s:sequence></s:complexType></s:element>` +
      `<s:element name="serverVersionResponse"><s:complexType><s:sequence><s:element name="serverVersionResult" type="s:string" minOccurs="0" maxOccurs="1"/></s:sequence></s:complexType></s:element>` +
      `</s:schema></wsdl:types><wsdl:binding name="b"><soap:binding transport="http://schemas.xmlsoap.org/soap/http"/>${operations}</wsdl:binding></wsdl:definitions>`;
    const problems = judgeWsdl(
      wsdl(
        '<wsdl:operation name="serverVersion"><soap:operation soapAction="http://developer.intuit.com/serverVersion"/></wsdl:operation><wsdl:operation name="extra"><soap:operation soapAction="x"/></wsdl:operation>',
      ),
    );
    expect(problems).toContain("serverVersion: its parameters are (strVersion: string [0..1]); Intuit's WSDL has (none)");
    expect(problems).toContain("extra is not an operation of Intuit's WSDL");
    expect(problems).toContain('clientVersion: its SOAP 1.1 soapAction is missing; Intuit\'s is "http://developer.intuit.com/clientVersion"');
  });
});
