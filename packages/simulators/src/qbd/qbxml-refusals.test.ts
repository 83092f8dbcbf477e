import { describe, expect, it } from 'vitest';
import { takeContractViolations } from '../contract-check/index.js';
import { PARSE_ERROR_HRESULT, QbxmlParseError, QbxmlProcessor } from './qbxml-processor.js';
import { judgeResponseDocument } from './qbxml-judging.js';
import { processOne, qbxmlRequest, rq, seededCompany } from './test-support.js';
import { leaf, node } from './xml-tree.js';

const PARSE_ERROR = 'QuickBooks found an error when parsing the provided XML text stream.';

/** The refusal a document out of the schema gets, and the violation it left (taken, so this test does not fail for it). */
function refusalOf(processor: QbxmlProcessor, xml: string): { error: QbxmlParseError; problems: string[] } {
  let error: unknown;
  try {
    processor.process(xml);
  } catch (thrown) {
    error = thrown;
  }
  expect(error).toBeInstanceOf(QbxmlParseError);
  const violations = takeContractViolations();
  expect(violations.map((each) => [each.contract, each.direction])).toEqual([['qbxml-13.0/rules.json', 'request']]);
  return { error: error as QbxmlParseError, problems: violations[0]!.problems };
}

describe('the simulated QuickBooks refuses what qbXML 13.0 refuses', () => {
  it('refuses a whole document when one request is out of schema order: nothing in it runs', () => {
    const processor = new QbxmlProcessor(seededCompany({ transactions: 30 }));
    const check = processor.company.txns('Check')[0]!;
    const memoMod = rq(
      'CheckModRq',
      [node('CheckMod', [...leaf('TxnID', check.txnId), ...leaf('EditSequence', check.editSequence), ...leaf('Memo', 'from Herd')])],
      {},
      '1',
    );
    const outOfOrder = rq(
      'VendorQueryRq',
      [...leaf('MaxReturned', 5), ...leaf('FromModifiedDate', '2026-01-01T00:00:00+00:00'), ...leaf('ActiveStatus', 'All')],
      { iterator: 'Start' },
      '2',
    );
    const { error, problems } = refusalOf(processor, qbxmlRequest([memoMod, outOfOrder], 'continueOnError'));
    expect(error).toMatchObject({ hresult: PARSE_ERROR_HRESULT, message: PARSE_ERROR });
    expect(problems).toEqual(['VendorQueryRq: ActiveStatus must come before FromModifiedDate (qbxmlops130.xsd, VendorQueryRqType; its group ListFilter, qbxml130.xsd)']);
    expect(error.problems).toEqual(problems);
    // The Mod before it was valid, but QuickBooks ran none of the document.
    expect(check.memo).not.toBe('from Herd');
    expect(processor.processed).toEqual([]);
  });

  it('refuses a list query with an iterator the list does not take (AccountQuery, ClassQuery…)', () => {
    const processor = new QbxmlProcessor(seededCompany());
    for (const list of ['Account', 'Class', 'SalesTaxCode', 'PaymentMethod']) {
      const { problems } = refusalOf(processor, qbxmlRequest([rq(`${list}QueryRq`, leaf('MaxReturned', 500), { iterator: 'Start' })]));
      expect(problems).toEqual([`${list}QueryRq: iterator is not an attribute of ${list}QueryRqType (qbxmlops130.xsd, ${list}QueryRqType)`]);
    }
    // Asked whole, the chart is answered.
    expect(processOne(processor, rq('AccountQueryRq', leaf('ActiveStatus', 'All'))).attrs.statusCode).toBe('0');
  });

  it('refuses a required element left out, a value outside an enumeration and a name too long', () => {
    const processor = new QbxmlProcessor(seededCompany());
    expect(refusalOf(processor, qbxmlRequest([rq('CustomerAddRq', [node('CustomerAdd', leaf('IsActive', 'true'))])])).problems).toEqual([
      'CustomerAddRq/CustomerAdd: IsActive is not allowed first; expected Name (qbxml130.xsd, CustomerAdd)',
    ]);
    const [suspense] = refusalOf(
      processor,
      qbxmlRequest([rq('AccountAddRq', [node('AccountAdd', [...leaf('Name', 'Suspense'), ...leaf('AccountType', 'Suspense')])])]),
    ).problems;
    expect(suspense).toMatch(/^AccountAddRq\/AccountAdd\/AccountType: "Suspense" is not one of AccountsPayable, /);
    const long = 'A'.repeat(42);
    expect(refusalOf(processor, qbxmlRequest([rq('VendorAddRq', [node('VendorAdd', leaf('Name', long))])])).problems).toEqual([
      `VendorAddRq/VendorAdd/Name: "${long}" is 42 characters long; at most 41 are allowed (qbxml130.xsd, VendorAdd/Name)`,
    ]);
    expect(processor.company.lists('Vendor').some((vendor) => vendor.name === long)).toBe(false);
  });

  it('refuses a document that is not well-formed XML', () => {
    const processor = new QbxmlProcessor(seededCompany());
    const { error, problems } = refusalOf(
      processor,
      qbxmlRequest([rq('HostQueryRq')])
        .replace('</HostQueryRq>', '')
        .replace('<HostQueryRq requestID="1"/>', '<HostQueryRq requestID="1">'),
    );
    expect(error.message).toBe(PARSE_ERROR);
    expect(problems[0]).toMatch(/^the document is not well-formed XML: Expected closing tag 'HostQueryRq'/);
  });

  it('refuses a document without the qbxml version line, and an unknown onError', () => {
    const processor = new QbxmlProcessor(seededCompany());
    const withoutVersion = '<?xml version="1.0"?><QBXML><QBXMLMsgsRq onError="stopOnError"><HostQueryRq requestID="1"/></QBXMLMsgsRq></QBXML>';
    expect(refusalOf(processor, withoutVersion).problems).toEqual(['the document has no <?qbxml version="13.0"?> line; QuickBooks reads the version from it']);
    expect(refusalOf(processor, qbxmlRequest([rq('HostQueryRq')], 'keepGoing')).problems).toEqual([
      'QBXMLMsgsRq @onError: "keepGoing" is not one of continueOnError, rollbackOnError, stopOnError (qbxmlops130.xsd, QBXMLMsgsRq)',
    ]);
  });
});

describe('a qbXML message the rules were not derived for', () => {
  it('is answered as unsupported, and recorded: the simulator cannot judge it', () => {
    const processor = new QbxmlProcessor(seededCompany());
    expect(processOne(processor, rq('InvoiceQueryRq')).attrs).toMatchObject({ statusCode: '1030', statusSeverity: 'Error' });
    expect(takeContractViolations().flatMap((each) => each.problems)).toEqual([
      'InvoiceQueryRq is qbXML 13.0, but its rules were not derived and the simulator does not model it (scripts/derive-qbxml-rules.ts)',
    ]);
  });
});

describe('the simulated QuickBooks holds its own answers to qbXML 13.0', () => {
  it('records an answer that strays from the schema (the simulator would be wrong, not Herd)', () => {
    const stray = node('QBXML', [
      node('QBXMLMsgsRs', [
        node('AccountQueryRs', [node('AccountRet', [...leaf('ListID', '1'), ...leaf('AccountType', 'Bank'), ...leaf('Name', 'Checking')])], {
          requestID: '1',
          statusCode: '0',
          statusSeverity: 'Info',
        }),
      ]),
    ]);
    judgeResponseDocument(stray);
    expect(takeContractViolations()).toEqual([
      {
        contract: 'qbxml-13.0/rules.json',
        direction: 'response',
        message: "AccountQueryRs (the simulator's answer)",
        problems: ['AccountQueryRs/AccountRet: Name must come before AccountType (qbxml130.xsd, AccountRet)'],
      },
    ]);
  });
});
