import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, FILTER_PARAMS } from '../features/transactions/filters';
import { CLIENT_LIST_DEFAULTS, CLIENT_LIST_PARAMS } from '../features/clients/list-params';
import { readListParams, writeListParams } from './list-params';

const read = (search: string) => readListParams(new URLSearchParams(search), FILTER_PARAMS, DEFAULT_FILTERS);

describe('a list’s state in the address', () => {
  it('reads every filter by the API’s rules', () => {
    expect(
      read(
        '?page=3&page_size=50&ordering=amount&search=%20king%20&date_from=2026-01-01&date_to=2026-02-01&amount_min=10.50&amount_max=99&type=DEPOSIT&direction=SALES&payment_account=4&status=SYNC_ERROR&markers=WITHOUT_CLASS,WITHOUT_VENDOR&kept=true',
      ),
    ).toEqual({
      page: 3,
      page_size: 50,
      ordering: 'amount',
      search: 'king',
      date_from: '2026-01-01',
      date_to: '2026-02-01',
      amount_min: '10.50',
      amount_max: '99',
      type: 'DEPOSIT',
      direction: 'SALES',
      payment_account: 4,
      status: 'SYNC_ERROR',
      markers: ['WITHOUT_CLASS', 'WITHOUT_VENDOR'],
      kept: 'true',
    });
  });

  it('gives the default for each missing or tampered parameter, keeping the valid ones', () => {
    expect(
      read(
        '?page=-2&page_size=5000&ordering=;drop&search=rent&date_from=yesterday&amount_min=ten&type=LOAN&direction=UP&payment_account=abc&status=GONE&markers=WITHOUT_CLASS,NOPE&kept=maybe',
      ),
    ).toEqual({ ...DEFAULT_FILTERS, search: 'rent' });
    expect(read('?page=1.5&page=2')).toEqual(DEFAULT_FILTERS);
    expect(read('')).toEqual(DEFAULT_FILTERS);
  });

  it('leaves defaults out of the address and keeps parameters that are not the list’s', () => {
    const written = writeListParams(
      new URLSearchParams('?company=7&page=4'),
      { ...DEFAULT_FILTERS, markers: ['WITHOUT_CLASS', 'WITHOUT_VENDOR'], direction: 'COSTS' },
      FILTER_PARAMS,
      DEFAULT_FILTERS,
    );
    expect(written.toString()).toBe('company=7&direction=COSTS&markers=WITHOUT_CLASS%2CWITHOUT_VENDOR');
    expect(writeListParams(new URLSearchParams(), DEFAULT_FILTERS, FILTER_PARAMS, DEFAULT_FILTERS).toString()).toBe('');
  });

  it('reads back what it wrote', () => {
    const state = { ...CLIENT_LIST_DEFAULTS, page: 2, search: 'harb', connection_state: 'NEEDS_REAUTH' as const, has_client_users: false };
    const written = writeListParams(new URLSearchParams(), state, CLIENT_LIST_PARAMS, CLIENT_LIST_DEFAULTS);
    expect(written.toString()).toBe('page=2&search=harb&connection_state=NEEDS_REAUTH&has_client_users=false');
    expect(readListParams(written, CLIENT_LIST_PARAMS, CLIENT_LIST_DEFAULTS)).toEqual(state);
  });

  it('keeps two lists of one page apart by a prefix', () => {
    const params = new URLSearchParams('?page=3&users_page=2');
    expect(readListParams(params, CLIENT_LIST_PARAMS, CLIENT_LIST_DEFAULTS, 'users_').page).toBe(2);
    expect(writeListParams(params, { ...CLIENT_LIST_DEFAULTS, page: 1 }, CLIENT_LIST_PARAMS, CLIENT_LIST_DEFAULTS, 'users_').toString()).toBe('page=3');
  });
});
