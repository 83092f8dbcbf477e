import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { refEndpoints, transactionEndpoints as e } from '@herd/contract';
import { CATEGORIES, fakeClientInbox, INBOX_COMPANY, INBOX_PATH } from '../../../../test/fake-inbox';
import { makeTransaction } from '../../../../test/fake-transactions';
import { renderAt } from '../../../../test/render-app';
import { categoryDirectionWarning } from '../category-direction';

const sales = { pk: 40, name: 'Sales', active: true, account_type: 'Income', is_payment_account: false, is_watched: false };
const deposit = makeTransaction({ pk: 101, payee: 'Stripe payout', description: 'STRIPE TRANSFER', amount: '1200.00', direction: 'SALES' });

/** The client's inbox holding one deposit, its category list answered in the order the server gives for money in. */
const openDeposit = async () => {
  const fake = fakeClientInbox([deposit]).answer(refEndpoints.clientCategories, INBOX_COMPANY, [sales, ...CATEGORIES]);
  renderAt(INBOX_PATH);
  fireEvent.click(await screen.findByText('Stripe payout'));
  const panel = await screen.findByTestId('transaction-editor');
  return { fake, panel, box: within(panel).getByRole('combobox', { name: 'Category' }) };
};

const choose = async (box: HTMLElement, name: string) => {
  fireEvent.mouseDown(box);
  fireEvent.click(await screen.findByTitle(name));
};

describe('a category against the money’s direction', () => {
  it('asks for the categories of money coming in for a deposit', async () => {
    const { fake, box } = await openDeposit();
    fireEvent.mouseDown(box);
    expect(await screen.findByTitle('Sales')).toBeInTheDocument();
    expect(fake.callsTo(refEndpoints.clientCategories, INBOX_COMPANY).every((r) => r.params.direction === 'SALES')).toBe(true);
  });

  it('warns, without refusing, when a deposit is filed under an expense account; an income account clears it', async () => {
    const { fake, panel, box } = await openDeposit();
    await choose(box, 'Office Supplies');
    const line = within(panel).getByTestId('line-0');
    expect(await within(line).findByText(/“Office Supplies” is an expense account, and this is money coming in/)).toBeInTheDocument();
    await choose(box, 'Sales');
    await waitFor(() => expect(within(line).queryByText(/is an expense account/)).not.toBeInTheDocument());
    // Back to the expense: still only a warning, and Done saves it.
    await choose(box, 'Office Supplies');
    expect(await within(line).findByText(/is an expense account/)).toBeInTheDocument();
    fireEvent.click(within(panel).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(fake.callsTo(e.clientUpdate, INBOX_COMPANY)).toHaveLength(1));
  });
});

describe('categoryDirectionWarning', () => {
  it('speaks only when an income or expense account goes the other way', () => {
    expect(categoryDirectionWarning('Sales', 'Income', 'COSTS')).toMatch(/income account, and this is money going out/);
    expect(categoryDirectionWarning('Meals', 'Other Expense', 'SALES')).toMatch(/expense account, and this is money coming in/);
    expect(categoryDirectionWarning('Meals', 'OVERHEADS', 'COSTS')).toBeNull();
    expect(categoryDirectionWarning('Interest', 'OTHERINCOME', 'SALES')).toBeNull();
    // Neither income nor expense (no type, a balance-sheet account): nothing to say.
    expect(categoryDirectionWarning('Imported', '', 'SALES')).toBeNull();
    expect(categoryDirectionWarning('Loan', 'Long Term Liability', 'COSTS')).toBeNull();
  });
});
