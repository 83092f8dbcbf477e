import { describe, expect, it } from 'vitest';
import { QboFault } from './faults.js';
import { evaluateQuery } from './query-evaluate.js';
import { parseQuery } from './query-language.js';
import type { QboEntity } from './types.js';

function entity(id: string, fields: Record<string, unknown>): QboEntity {
  return {
    Id: id,
    SyncToken: '0',
    MetaData: { CreateTime: '2025-06-01T10:00:00-07:00', LastUpdatedTime: '2025-06-01T10:00:00-07:00' },
    domain: 'QBO',
    sparse: false,
    ...fields,
  } as QboEntity;
}

function faultDetail(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof QboFault) return JSON.stringify(error.body);
    throw error;
  }
  throw new Error('expected a fault');
}

describe('parseQuery', () => {
  it('parses the full grammar, keywords in any case', () => {
    expect(
      parseQuery(
        "select * from Purchase where MetaData.LastUpdatedTime >= '2025-06-01T00:00:00-07:00' and PaymentType IN ('Cash', 'Check') and DocNumber LIKE 'A%' and Credit = true orderby TxnDate desc, Id startposition 11 maxresults 10",
      ),
    ).toEqual({
      count: false,
      fields: undefined,
      entity: 'Purchase',
      where: [
        { field: 'MetaData.LastUpdatedTime', op: '>=', value: '2025-06-01T00:00:00-07:00' },
        { field: 'PaymentType', op: 'IN', value: ['Cash', 'Check'] },
        { field: 'DocNumber', op: 'LIKE', value: 'A%' },
        { field: 'Credit', op: '=', value: true },
      ],
      orderBy: [
        { field: 'TxnDate', descending: true },
        { field: 'Id', descending: false },
      ],
      startPosition: 11,
      maxResults: 10,
    });
  });

  it('parses count(*), field lists, escaped quotes, and defaults and caps the page size', () => {
    expect(parseQuery('SELECT COUNT(*) FROM Account')).toMatchObject({ count: true, maxResults: 100, startPosition: 1 });
    expect(parseQuery('select Id, Name from Account maxresults 5000')).toMatchObject({ fields: ['Id', 'Name'], maxResults: 1000 });
    expect(parseQuery("select * from Vendor where DisplayName = 'O\\'Brien'").where[0]?.value).toBe("O'Brien");
  });

  it.each([
    'select from Account',
    'select * Account',
    "select * from Account where Name = 'unterminated",
    'select * from Account where Name',
    'select * from Account where Name = Checking',
    "select * from Account where Name = 'a' or Name = 'b'",
    'select * from Account maxresults many',
    'select * from Account where Amount # 5',
  ])('reports %s as a QueryParserError (code 4000)', (statement) => {
    const body = faultDetail(() => parseQuery(statement));
    expect(body).toContain('"code":"4000"');
    expect(body).toContain('QueryParserError');
  });
});

describe('evaluateQuery', () => {
  const rows = [
    entity('1', { Name: 'Checking', AccountType: 'Bank', Active: true, CurrentBalance: 10 }),
    entity('2', { Name: 'Savings', AccountType: 'Bank', Active: true, CurrentBalance: 250.5 }),
    entity('10', { Name: 'Uncategorized Expense', AccountType: 'Expense', Active: true, CurrentBalance: 0 }),
    entity('11', { Name: 'Old Account', AccountType: 'Expense', Active: false, CurrentBalance: 0 }),
  ];
  const run = (statement: string, activeFlag = true) => evaluateQuery(rows, parseQuery(statement), activeFlag).rows.map((row) => row.Id);

  it('hides inactive rows unless the query mentions Active', () => {
    expect(run('select * from Account')).toEqual(['1', '2', '10']);
    expect(run('select * from Account where Active IN (true, false)')).toEqual(['1', '2', '10', '11']);
    expect(run('select * from Account where Active = false')).toEqual(['11']);
    expect(run('select * from Account', false)).toEqual(['1', '2', '10', '11']);
  });

  it('compares numbers, ids numerically, text without case, and LIKE with %', () => {
    expect(run('select * from Account where CurrentBalance > 5')).toEqual(['1', '2']);
    expect(run("select * from Account where Id >= '2'")).toEqual(['2', '10']);
    expect(run("select * from Account where name = 'checking'")).toEqual(['1']);
    expect(run("select * from Account where Name LIKE '%categor%'")).toEqual(['10']);
    expect(run("select * from Account where AccountType = 'Bank' and Name like 'S%'")).toEqual(['2']);
  });

  it('compares date-times as instants across offsets', () => {
    // 2025-06-01T10:00-07:00 is 17:00Z.
    expect(run("select * from Account where MetaData.LastUpdatedTime > '2025-06-01T16:59:59Z'")).toHaveLength(3);
    expect(run("select * from Account where MetaData.LastUpdatedTime > '2025-06-01T17:00:00Z'")).toHaveLength(0);
  });

  it('matches references by value and fans out over arrays', () => {
    const attachables = [
      entity('5', { AttachableRef: [{ EntityRef: { type: 'Purchase', value: '707' } }, { EntityRef: { type: 'Bill', value: '9' } }] }),
      entity('6', { AttachableRef: [{ EntityRef: { type: 'Purchase', value: '708' } }] }),
    ];
    const query = parseQuery("select * from Attachable where AttachableRef.EntityRef.Value = '9'");
    expect(evaluateQuery(attachables, query, false).rows.map((row) => row.Id)).toEqual(['5']);
  });

  it('orders, pages from 1 and counts', () => {
    expect(run('select * from Account orderby CurrentBalance desc')).toEqual(['2', '1', '10']);
    expect(run('select * from Account startposition 2 maxresults 1')).toEqual(['2']);
    expect(evaluateQuery(rows, parseQuery('select count(*) from Account'), true)).toEqual({ rows: [], totalCount: 3 });
  });

  it('projects selected fields', () => {
    expect(evaluateQuery(rows, parseQuery('select Name from Account maxresults 1'), true).rows).toEqual([{ Id: '1', Name: 'Checking', domain: 'QBO', sparse: true }]);
  });
});
