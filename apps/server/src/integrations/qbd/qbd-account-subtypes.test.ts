import { QBD_SPECIAL_ACCOUNT_TYPES } from '@herd/contract';
import { createQbdSimulator, judgeQbxml, parseQbdXml, takeContractViolations, type QbdXmlElement } from '@herd/simulators';
import { describe, expect, it } from 'vitest';
import { wholeListQuery } from './qbd-queries.js';
import { qbxmlDocument } from './qbxml-xml.js';

const elementsNamed = (elements: QbdXmlElement[], name: string): QbdXmlElement[] =>
  elements.flatMap((element) => (element.name === name ? [element] : elementsNamed(element.children, name)));

/**
 * The subtypes Herd lists for QuickBooks Desktop (SpecialAccountType, each under the account type
 * QuickBooks gives it) are spelt as qbXML 13.0 spells them: QuickBooks' answer naming every one of
 * them, each on an account of its type, is within Intuit's schema.
 */
describe('QuickBooks Desktop account subtypes listed by Herd', () => {
  it('are SpecialAccountType values, on accounts of AccountType values', () => {
    const sim = createQbdSimulator({ transactions: 1 });
    for (const [special, type] of Object.entries(QBD_SPECIAL_ACCOUNT_TYPES))
      // A subtype Herd files under no type is judged for its own spelling, on an account of any type.
      sim.addListEntry({ kind: 'Account', name: `Special ${special}`.slice(0, 31), accountType: type ?? 'OtherCurrentAsset', specialAccountType: special });
    const ask = wholeListQuery('Account', {});
    const answer = sim.processQbxml(qbxmlDocument([{ name: ask.name, fields: ask.fields, attrs: { requestID: '1' } }], 'stopOnError'));
    expect(judgeQbxml(answer, 'response').problems).toEqual([]);
    const specials = elementsNamed(parseQbdXml(answer), 'SpecialAccountType').map((e) => e.text);
    for (const special of Object.keys(QBD_SPECIAL_ACCOUNT_TYPES)) expect(specials).toContain(special);
  });

  it('would be caught misspelt', () => {
    const sim = createQbdSimulator({ transactions: 1 });
    sim.addListEntry({ kind: 'Account', name: 'Misspelt', accountType: 'Expense', specialAccountType: 'UncategorisedExpenses' });
    const ask = wholeListQuery('Account', {});
    const answer = sim.processQbxml(qbxmlDocument([{ name: ask.name, fields: ask.fields, attrs: { requestID: '1' } }], 'stopOnError'));
    expect(judgeQbxml(answer, 'response').problems.join('\n')).toMatch(/SpecialAccountType/);
    // The simulator judges its own answers too, and recorded this one.
    expect(
      takeContractViolations()
        .map((v) => v.problems.join('\n'))
        .join('\n'),
    ).toMatch(/"UncategorisedExpenses" is not one of/);
  });
});
