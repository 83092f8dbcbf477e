import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  automationEndpoints,
  DEFAULT_REVIEW_CHECK_SETTINGS,
  profileEndpoints,
  reviewCheckSettingsEndpoints,
  type AutomationEvent,
  type AutomationReport,
  type AutomationRow,
} from '@herd/contract';
import { fastUser, findDialog, tableShowing } from '../../../../test/dom';
import { createFakeApi, makeProfile, paginated } from '../../../../test/fake-api';
import { renderPage } from '../../../../test/render-app';
import { routes } from '../../../lib/routes';
import { SettingsPage } from './settings-page';

const render = () => renderPage(<SettingsPage section="accountant" />, { path: `${routes.settings.accountant}?tab=automation`, route: routes.settings.accountant });

const counts = (acted: number, overruled: number) => ({ acted, overruled, rate: acted === 0 ? null : overruled / acted });
const sunrise = { pk: 7, name: 'Sunrise Bakery LLC' };

const ruleRow = (pk: number, given: Partial<NonNullable<AutomationRow['rule']>>, thirty: [number, number], overrides: Partial<AutomationRow> = {}): AutomationRow => {
  const rule = { pk, match_text: 'adobe', account_name: 'Software', client_company: sunrise, enabled: true, paused_reason: null, ...given };
  return {
    agent: 'RULE',
    rule,
    // As the server names a rule's row.
    name: `“${rule.match_text}” → ${rule.account_name}`,
    all_time: counts(thirty[0] + 10, thirty[1] + 1),
    last_30_days: counts(...thirty),
    last_90_days: counts(thirty[0] + 2, thirty[1]),
    ...overrides,
  };
};

const adobe = ruleRow(1, {}, [5, 2]);
const intuit = ruleRow(
  2,
  { match_text: 'intuit', account_name: 'Subscriptions', client_company: null, paused_reason: 'Overruled 4 of 6 times in 30 days (67%).' },
  [6, 4],
);
const uber = ruleRow(3, { match_text: 'uber', account_name: 'Travel', enabled: false }, [0, 0]);
const history: AutomationRow = {
  agent: 'HISTORY',
  rule: null,
  name: 'Suggestions learned from the company’s own answers',
  all_time: counts(40, 3),
  last_30_days: counts(10, 1),
  last_90_days: counts(20, 2),
};

const REPORT: AutomationReport = { results: [adobe, intuit, uber, history], pause: { percent: 50, after: 5 } };

const event = (pk: number, overrides: Partial<AutomationEvent> = {}, status = 'READY'): AutomationEvent => ({
  pk,
  outcome: 'ACTED',
  by: null,
  at: '2026-10-03T10:00:00.000Z',
  transaction: { pk: 50 + pk, client_company: sunrise, date: '2026-10-01', payee: `Adobe ${pk}`, amount: '1234.5', status },
  ...overrides,
});

const fakeReport = (report: AutomationReport = REPORT) =>
  createFakeApi()
    .answer(profileEndpoints.profile, {}, makeProfile())
    .answer(automationEndpoints.report, {}, report)
    .answer(automationEndpoints.events, {}, paginated([event(1), event(2, { outcome: 'OVERRULED', by: 'client' }, 'PUBLISHED_IN_PLATFORM')]))
    .install();

/** The first cell of each row, in the order shown. */
const rowNames = (table: HTMLElement) => [...table.querySelectorAll('tbody tr.ant-table-row')].map((row) => row.querySelector('td strong')?.textContent);

describe('the firm’s automation report in settings', () => {
  it('lists each rule and source with its counts and rates, and says the pause rule', async () => {
    fakeReport();
    render();
    const table = await tableShowing('Automation report', '“adobe” → Software');
    expect(
      screen.getByText('How often each rule, learned suggestion source and the receipt matcher acted, and how often the accountant or client overruled it.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/Herd pauses a rule overruled more than 50% of the time once it acted 5 times in 30 days\./)).toBeInTheDocument();
    const adobeRow = within(table).getByText('“adobe” → Software').closest('tr')!;
    expect(within(adobeRow).getByText('Sunrise Bakery LLC')).toBeInTheDocument();
    expect(within(adobeRow).getByText('15')).toBeInTheDocument();
    expect(within(adobeRow).getByText('40%')).toBeInTheDocument();
    expect(within(adobeRow).getByText('2 of 5')).toBeInTheDocument();
    expect(within(adobeRow).getByText('29%')).toBeInTheDocument();
    const uberRow = within(table).getByText('“uber” → Travel').closest('tr')!;
    expect(within(uberRow).getByText('—')).toBeInTheDocument();
    expect(within(uberRow).getByText('Off')).toBeInTheDocument();
    expect(within(table).getByText('Suggestions learned from the company’s own answers')).toBeInTheDocument();
  });

  it('shows a paused rule as paused, with why in words, and a firm rule as for all clients', async () => {
    fakeReport();
    render();
    const table = await tableShowing('Automation report', '“intuit” → Subscriptions');
    const row = within(table).getByText('“intuit” → Subscriptions').closest('tr')!;
    expect(within(row).getByText('Paused')).toBeInTheDocument();
    expect(within(row).getByText('Overruled 4 of 6 times in 30 days (67%).')).toBeInTheDocument();
    expect(within(row).getByText('All clients')).toBeInTheDocument();
    expect(within(row).queryByText('Off')).toBeNull();
  });

  it('sorts by the 30-day rate, either way', async () => {
    const user = fastUser();
    fakeReport();
    render();
    const table = await tableShowing('Automation report', '“adobe” → Software');
    expect(rowNames(table)).toEqual(['“adobe” → Software', '“intuit” → Subscriptions', '“uber” → Travel', history.name]);
    await user.click(within(table).getByRole('columnheader', { name: 'Overruled, 30 days' }));
    await waitFor(() => expect(rowNames(table)).toEqual(['“uber” → Travel', history.name, '“adobe” → Software', '“intuit” → Subscriptions']));
    await user.click(within(table).getByRole('columnheader', { name: 'Overruled, 30 days' }));
    await waitFor(() => expect(rowNames(table)).toEqual(['“intuit” → Subscriptions', '“adobe” → Software', history.name, '“uber” → Travel']));
  });

  it('opens the transactions behind a row, for the period and outcome chosen, each linking to the transaction', async () => {
    const user = fastUser();
    const fake = fakeReport();
    render();
    const table = await tableShowing('Automation report', '“adobe” → Software');
    await user.click(within(table).getByRole('button', { name: 'Transactions behind “adobe” → Software' }));
    const drawer = await findDialog('Transactions behind “adobe” → Software');
    expect(screen.getByRole('dialog', { name: 'Transactions behind “adobe” → Software' })).toBe(drawer);
    expect(await within(drawer).findByText('Adobe 1')).toBeInTheDocument();
    expect(fake.callsTo(automationEndpoints.events, {})[0]?.params).toMatchObject({ agent: 'RULE', rule: 1, days: '90', outcome: 'all', page: 1 });

    expect(within(drawer).getByRole('link', { name: 'Adobe 1' })).toHaveAttribute('href', '/dashboard/accountant/active/7/?transaction=51');
    expect(within(drawer).getByRole('link', { name: 'Adobe 2' })).toHaveAttribute('href', '/dashboard/accountant/categorized/7/?transaction=52');
    expect(within(drawer).getByText('Acted')).toBeInTheDocument();
    expect(within(drawer).getByText('Overruled by the client')).toBeInTheDocument();
    expect(within(drawer).getAllByText(/Sunrise Bakery LLC/)).toHaveLength(2);
    expect(within(drawer).getAllByText('1,234.50')).toHaveLength(2);

    await user.click(within(drawer).getByText('30 days'));
    await user.click(within(drawer).getByText('Overruled only'));
    await waitFor(() =>
      expect(fake.callsTo(automationEndpoints.events, {}).at(-1)?.params).toMatchObject({ agent: 'RULE', rule: 1, days: '30', outcome: 'overruled', page: 1 }),
    );
  });

  it('pages through the transactions behind a row', async () => {
    const user = fastUser();
    const fake = fakeReport().answer(automationEndpoints.events, {}, paginated([event(1)], 45));
    render();
    const table = await tableShowing('Automation report', '“adobe” → Software');
    await user.click(within(table).getByRole('button', { name: 'Transactions behind “adobe” → Software' }));
    const drawer = await findDialog('Transactions behind “adobe” → Software');
    expect(await within(drawer).findByText('Adobe 1')).toBeInTheDocument();
    await user.click(within(drawer).getByTitle('2'));
    await waitFor(() => expect(fake.callsTo(automationEndpoints.events, {}).at(-1)?.params).toMatchObject({ agent: 'RULE', rule: 1, page: 2, page_size: 20 }));
  });

  it('asks a source’s transactions by its agent alone', async () => {
    const user = fastUser();
    const fake = fakeReport();
    render();
    const table = await tableShowing('Automation report', history.name);
    await user.click(within(table).getByRole('button', { name: `Transactions behind ${history.name}` }));
    await waitFor(() => expect(fake.callsTo(automationEndpoints.events, {})).toHaveLength(1));
    const params = fake.callsTo(automationEndpoints.events, {})[0]!.params;
    expect(params).toMatchObject({ agent: 'HISTORY' });
    expect(params.rule).toBeUndefined();
  });

  it('says when Herd never pauses a rule, and leads to the Review checks tab where that is set', async () => {
    const user = fastUser();
    fakeReport({ ...REPORT, pause: { percent: null, after: 5 } }).answer(
      reviewCheckSettingsEndpoints.settings,
      {},
      { ...DEFAULT_REVIEW_CHECK_SETTINGS, rule_pause_percent: null },
    );
    render();
    expect(await screen.findByText(/Herd never pauses a rule by itself\./)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Set it in Review checks' }));
    expect(await screen.findByText('Read the last')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Pause rules overruled too often' })).not.toBeChecked();
  });

  it('says when the report could not be loaded', async () => {
    createFakeApi()
      .answer(profileEndpoints.profile, {}, makeProfile())
      .answer(automationEndpoints.report, {}, () => ({ status: 500, data: { detail: 'Something went wrong.' } }))
      .install();
    render();
    expect(await screen.findByText('Could not load the automation report')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
