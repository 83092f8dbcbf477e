import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  clientCompanyEndpoints,
  profileEndpoints,
  refEndpoints as r,
  ruleEndpoints,
  transactionEndpoints as e,
  type LearnedPattern,
  type SuggestionRule,
} from '@herd/contract';
import { fastUser, findDialog } from '../../../../test/dom';
import { createFakeApi, makeClientCompany, makeProfile, makeProfileWithRole } from '../../../../test/fake-api';
import { renderAt } from '../../../../test/render-app';

const company = { pk: 7 };
const software = { pk: 21, name: 'Software' };
const rule = (overrides: Partial<SuggestionRule> = {}): SuggestionRule => ({
  pk: 1,
  scope: 'COMPANY',
  match_text: 'adobe',
  category: software,
  account_name: 'Software',
  vendor: { pk: 5, name: 'Adobe' },
  enabled: true,
  auto_answer: true,
  auto_publish: false,
  created_by: 'Avery Stone',
  times_applied: 12,
  times_overridden: 1,
  paused_reason: null,
  created_at: '2026-10-01T10:00:00.000Z',
  ...overrides,
});
const firmRule = rule({ pk: 2, scope: 'FIRM', match_text: 'intuit', vendor: null, auto_answer: false, times_applied: 0, times_overridden: 0 });
const pattern: LearnedPattern = {
  merchant_key: 'blue bottle coffee',
  payee: 'Blue Bottle Coffee',
  direction: 'CHARGE',
  suggestion: { category: { pk: 22, name: 'Meals' }, vendor: { pk: 6, name: 'Blue Bottle' }, source: 'HISTORY', confidence: 0.8 },
  answers: 10,
  agreeing: 8,
  accepted: 3,
  last_answered: '2026-10-20',
};

const fakeRules = (profile = makeProfile()) =>
  createFakeApi()
    .answer(profileEndpoints.profile, {}, profile)
    .answer(clientCompanyEndpoints.retrieve, company, makeClientCompany({ connection_kind: 'CSV' }))
    .answer(e.accountantCounters, company, { active: 3, categorized: 2, hidden: 0, sync_errors: 0, completed: 2, processing: 0 })
    .answer(ruleEndpoints.list, company, [rule(), firmRule])
    .answer(ruleEndpoints.patterns, company, [pattern])
    .answer(
      r.accountantCategories,
      company,
      [software, { pk: 22, name: 'Meals' }].map((a) => ({ ...a, active: true, account_type: 'Expense', is_payment_account: false, is_watched: false })),
    )
    .answer(r.vendors, company, [])
    .install();

const openRules = async () => {
  renderAt('/dashboard/accountant/rules/7/');
  const table = await screen.findByLabelText('Rules for this client', {}, { timeout: 15_000 });
  await within(table).findByText('ADOBE');
  return table;
};
const rowOf = (root: HTMLElement, text: string) => within(root).getByText(text).closest('tr')!;

describe('the accountant’s rules tab', () => {
  it('lists the client’s rules and the firm’s with how often each applied and was overridden, and switches them', async () => {
    const fake = fakeRules().answer(ruleEndpoints.update, { pk: 1 }, rule({ auto_publish: true }));
    const table = await openRules();
    const adobe = rowOf(table, 'ADOBE');
    expect(adobe).toHaveTextContent('Software');
    expect(adobe).toHaveTextContent('Adobe');
    expect(adobe).toHaveTextContent('This client');
    expect(adobe).toHaveTextContent('121');
    expect(rowOf(table, 'INTUIT')).toHaveTextContent('Whole firm');

    // The firm administrator may let a rule that answers by itself publish too; not one that does not answer.
    expect(within(rowOf(table, 'INTUIT')).getByRole('switch', { name: 'Auto-publish: intuit' })).toBeDisabled();
    await fastUser().click(within(adobe).getByRole('switch', { name: 'Auto-publish: adobe' }));
    await waitFor(() => expect(fake.callsTo(ruleEndpoints.update, { pk: 1 })).toHaveLength(1));
    expect(fake.callsTo(ruleEndpoints.update, { pk: 1 })[0]!.body).toEqual({ auto_publish: true });

    await fastUser().click(within(adobe).getByRole('switch', { name: 'Enabled: adobe' }));
    await waitFor(() => expect(fake.callsTo(ruleEndpoints.update, { pk: 1 })).toHaveLength(2));
    expect(fake.callsTo(ruleEndpoints.update, { pk: 1 })[1]!.body).toEqual({ enabled: false });
  });

  it('shows a rule Herd paused as paused, with why in words', async () => {
    const reason = 'Paused: overruled 4 of 6 times in 30 days (67%).';
    fakeRules().answer(ruleEndpoints.list, company, [rule(), { ...firmRule, paused_reason: reason }]);
    const table = await openRules();
    const intuit = rowOf(table, 'INTUIT');
    expect(within(intuit).getByText('Paused')).toBeInTheDocument();
    expect(within(intuit).getByText(reason)).toBeInTheDocument();
    expect(within(rowOf(table, 'ADOBE')).queryByText('Paused')).toBeNull();
  });

  it('deletes a rule only after confirming', async () => {
    const fake = fakeRules().answer(ruleEndpoints.delete, { pk: 1 }, undefined);
    const table = await openRules();
    await fastUser().click(within(rowOf(table, 'ADOBE')).getByRole('button', { name: 'Delete rule adobe' }));
    expect(fake.callsTo(ruleEndpoints.delete, { pk: 1 })).toHaveLength(0);
    const confirm = await screen.findByText('Delete the rule ADOBE?');
    await fastUser().click(within(confirm.closest('.ant-popover')! as HTMLElement).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(fake.callsTo(ruleEndpoints.delete, { pk: 1 })).toHaveLength(1));
    expect(await screen.findByText('Rule deleted.')).toBeInTheDocument();
  });

  it('a team member cannot switch auto-publish or the firm’s rules, and may make rules for this client only', async () => {
    fakeRules(makeProfileWithRole('TEAM_MEMBER'));
    const table = await openRules();
    const adobe = rowOf(table, 'ADOBE');
    expect(within(adobe).getByRole('switch', { name: 'Auto-publish: adobe' })).toBeDisabled();
    expect(within(adobe).getByRole('switch', { name: 'Auto-answer: adobe' })).toBeEnabled();
    expect(within(rowOf(table, 'INTUIT')).getByRole('switch', { name: 'Enabled: intuit' })).toBeDisabled();
    fireEvent.mouseEnter(within(adobe).getByRole('switch', { name: 'Auto-publish: adobe' }).parentElement!);
    expect(await screen.findByText('Only firm administrators let a rule publish by itself.')).toBeInTheDocument();

    await fastUser().click(screen.getByRole('button', { name: /New rule/ }));
    const dialog = await findDialog('New rule');
    expect(within(dialog).getByRole('radio', { name: 'Every client of the firm' })).toBeDisabled();
  });

  it('"Make a rule" on a learned pattern opens the form filled with its payee, category and vendor; the server’s field errors land on their fields', async () => {
    const fake = fakeRules().answer(ruleEndpoints.create, company, () => ({ status: 400, data: { match_text: ['Match text must be at least 2 characters.'] } }));
    await openRules();
    const patterns = screen.getByLabelText('Learned patterns');
    const row = (await within(patterns).findByText('Blue Bottle Coffee')).closest('tr')!;
    expect(row).toHaveTextContent('Meals');
    expect(row).toHaveTextContent('80%');
    await fastUser().click(within(row).getByRole('button', { name: 'Make a rule for Blue Bottle Coffee' }));
    const dialog = await findDialog('New rule');
    expect(within(dialog).getByLabelText('When the payee or description contains')).toHaveValue('blue bottle coffee');
    expect(within(dialog).getByText('Meals')).toBeInTheDocument();
    expect(within(dialog).getByText('Blue Bottle')).toBeInTheDocument();
    await fastUser().click(within(dialog).getByRole('button', { name: 'Save rule' }));
    await waitFor(() => expect(fake.callsTo(ruleEndpoints.create, company)).toHaveLength(1));
    expect(fake.callsTo(ruleEndpoints.create, company)[0]!.body).toEqual({ scope: 'COMPANY', match_text: 'blue bottle coffee', category: 22, vendor: 6 });
    expect(await within(dialog).findByText('Match text must be at least 2 characters.')).toBeInTheDocument();
  });
});
