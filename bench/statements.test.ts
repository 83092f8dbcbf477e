import { describe, expect, it } from 'vitest';
import { notedStatement } from './statements.js';

describe('a noted statement', () => {
  it('keeps the values the ORM sends beside a prepared config, so the bare floor can send them again', () => {
    // How drizzle's node-postgres session calls `client.query`: the config, then the values.
    expect(notedStatement({ name: 'herd_page', text: 'select $1', rowMode: 'array' }, [7])).toEqual({
      name: 'herd_page',
      text: 'select $1',
      rowMode: 'array',
      values: [7],
    });
  });

  it('keeps values given inside the config, or beside a plain text', () => {
    expect(notedStatement({ text: 'select $1', values: ['a'] }, undefined)).toEqual({ text: 'select $1', values: ['a'] });
    expect(notedStatement('select $1', [1])).toEqual({ text: 'select $1', values: [1] });
    expect(notedStatement('select 1', undefined)).toEqual({ text: 'select 1' });
  });
});
