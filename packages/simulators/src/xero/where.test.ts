import { describe, expect, it } from 'vitest';
import { compileOrder, compileWhere, WhereSyntaxError } from './where-evaluate.js';
import { parseWhere } from './where-parse.js';

const invoice = {
  Type: 'ACCPAY',
  Status: 'AUTHORISED',
  Total: 115.5,
  IsDiscounted: false,
  Date: '/Date(1780272000000+0000)/', // 2026-06-01
  Contact: { ContactID: 'AB12CD34-0000-4000-8000-000000000001', Name: 'PowerDirect' },
  Reference: null,
};

const matches = (clause: string) => compileWhere(clause)(invoice);

describe('where= parser', () => {
  it('parses comparisons, AND binding tighter than OR, and parentheses', () => {
    expect(parseWhere('Status=="A" OR Type=="B" AND Total>1')).toMatchObject({ kind: 'or', right: { kind: 'and' } });
    expect(parseWhere('(Status=="A" OR Type=="B") AND Total>1')).toMatchObject({ kind: 'and', left: { kind: 'or' } });
    expect(parseWhere('Date >= DateTime(2026, 06, 01)')).toMatchObject({ kind: 'compare', op: '>=', right: { value: { dateMs: Date.UTC(2026, 5, 1) } } });
  });

  it('rejects what it cannot read', () => {
    for (const bad of ['Status="A"', 'Status==', 'Status=="A" AND', '(Status=="A"', 'Status=="A', 'DateTime(2026)==Date', 'Status=="A" Type=="B"']) {
      expect(() => parseWhere(bad), bad).toThrow(WhereSyntaxError);
    }
  });
});

describe('where= evaluation', () => {
  it('compares strings and enums (case-insensitively), booleans, numbers and null', () => {
    expect(matches('Type=="ACCPAY"')).toBe(true);
    expect(matches('Type!="ACCPAY"')).toBe(false);
    expect(matches('Status=="authorised"')).toBe(true);
    expect(matches('IsDiscounted==false')).toBe(true);
    expect(matches('Total>100 && Total<=115.5')).toBe(true);
    expect(matches('Reference==null')).toBe(true);
    expect(matches('Reference!=null')).toBe(false);
  });

  it('combines with AND, OR and NOT', () => {
    expect(matches('Type=="ACCREC" OR Status=="AUTHORISED"')).toBe(true);
    expect(matches('Type=="ACCREC" AND Status=="AUTHORISED"')).toBe(false);
    expect(matches('NOT (Type=="ACCREC")')).toBe(true);
    expect(matches('Type=="ACCPAY" AND (Status=="DRAFT" OR Status=="AUTHORISED")')).toBe(true);
  });

  it('compares /Date()/ fields with DateTime(…)', () => {
    expect(matches('Date >= DateTime(2026,06,01)')).toBe(true);
    expect(matches('Date >= DateTime(2026,06,02)')).toBe(false);
    expect(matches('Date <= DateTime(2026,05,31)')).toBe(false);
    expect(matches('Date >= DateTime(2026,05,01) AND Date <= DateTime(2026,06,30)')).toBe(true);
  });

  it('reads nested paths, Guid(…) and string methods', () => {
    expect(matches('Contact.Name=="PowerDirect"')).toBe(true);
    expect(matches('Contact.ContactID==Guid("ab12cd34-0000-4000-8000-000000000001")')).toBe(true);
    expect(matches('Contact.Name.StartsWith("Power") AND Contact.Name.Contains("dir")')).toBe(true);
    expect(matches('Contact.Name.EndsWith("x")')).toBe(false);
  });
});

describe('order=', () => {
  it('sorts by several keys, DESC and ASC', () => {
    const rows = [
      { Name: 'b', Total: 1 },
      { Name: 'a', Total: 2 },
      { Name: 'a', Total: 3 },
    ];
    expect([...rows].sort(compileOrder('Name, Total DESC'))).toEqual([rows[2], rows[1], rows[0]]);
    expect(() => compileOrder('Name; DROP')).toThrow(WhereSyntaxError);
  });
});
