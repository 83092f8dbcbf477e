import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clientSideEndpoints, noteEndpoints, profileEndpoints, refEndpoints, transactionEndpoints as e, type Transaction, type TransactionChange } from '@herd/contract';
import { fastUser } from '../../../../test/dom';
import { createFakeApi, makeClientProfile, makeMyAccountant, makeOwnCompany } from '../../../../test/fake-api';
import { makeTransaction, transactionPage } from '../../../../test/fake-transactions';
import { renderAt } from '../../../../test/render-app';

const company = { pk: 7 };
const invoice = makeTransaction({ pk: 102, payee: 'Harbor Print Shop', description: 'HARBOR PRINT', amount: '800.00' });

const fakeInbox = (transaction: Transaction = invoice) => {
  const editable = ['category', 'vendor', 'memo', 'split', 'attachments'] as const;
  return createFakeApi()
    .answer(profileEndpoints.profile, {}, makeClientProfile())
    .answer(clientSideEndpoints.ownCompanies, {}, [makeOwnCompany({ client_editable_fields: [...editable] })])
    .answer(clientSideEndpoints.ownCompany, company, makeOwnCompany({ client_editable_fields: [...editable] }))
    .answer(clientSideEndpoints.myAccountant, {}, makeMyAccountant())
    .answer(e.clientActive, company, transactionPage([transaction]))
    .answer(refEndpoints.clientCategories, company, [])
    .answer(refEndpoints.vendors, company, [])
    .answer(noteEndpoints.transactionList, { pk: transaction.pk }, [])
    .answer(e.clientUpdate, company, [])
    .install();
};

/** The editor of the one transaction, split in two. */
const openSplit = async (payee = 'Harbor Print Shop') => {
  renderAt('/dashboard/client/company-client/?company=7');
  await fastUser().click(await screen.findByText(payee));
  const panel = await screen.findByTestId('transaction-editor');
  await fastUser().click(within(panel).getByRole('button', { name: /Split/ }));
  const amount = (line: number) => within(panel).getByLabelText(`Line ${line} amount`);
  const item = (line: number) => amount(line).closest('.ant-form-item') as HTMLElement;
  return { panel, amount, item };
};

/** The line amounts of the first save sent. */
const sentAmounts = (fake: ReturnType<typeof fakeInbox>) =>
  (fake.callsTo(e.clientUpdate, company)[0]!.body as { transactions: TransactionChange[] }).transactions[0]!.lines!.map((line) => line.amount);

describe('amounts typed and pasted into a split', () => {
  it('reads "$500.00" pasted into a line, fills the next with what is left, and sends the amounts as read', async () => {
    const fake = fakeInbox();
    const { panel, amount } = await openSplit();
    const user = fastUser();
    await user.clear(amount(1));
    await user.paste('$500.00');
    expect(amount(2)).toHaveValue('300.00');
    expect(within(panel).getByTestId('remaining')).toHaveTextContent('Remaining: 0.00');
    // Left, the pasted amount shows as it was read.
    await user.click(amount(2));
    expect(amount(1)).toHaveValue('500.00');
    await user.click(within(panel).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(fake.callsTo(e.clientUpdate, company)).toHaveLength(1));
    expect(sentAmounts(fake)).toEqual(['500.00', '300.00']);
  });

  it('reads "1,234.56" typed with thousands, and says why a line is not an amount once it is left, saving nothing', async () => {
    const fake = fakeInbox(makeTransaction({ pk: 102, payee: 'Harbor Print Shop', amount: '2000.00' }));
    const { panel, amount, item } = await openSplit();
    const user = fastUser();
    await user.clear(amount(1));
    await user.type(amount(1), '1,234.56');
    expect(amount(2)).toHaveValue('765.44');
    await user.clear(amount(1));
    await user.type(amount(1), '1234,56');
    // Not while typing: only once the field is left.
    expect(item(1)).not.toHaveTextContent('Use a point for cents');
    await user.click(amount(2));
    expect(item(1)).toHaveTextContent('Use a point for cents, like 12.50.');
    expect(within(panel).getByTestId('remaining')).toHaveTextContent('Enter every line’s amount');
    await user.click(within(panel).getByRole('button', { name: 'Done' }));
    expect(within(panel).getByRole('alert')).toHaveTextContent('Line 1: Use a point for cents, like 12.50.');
    // An amount in another currency than the transaction's is not taken as dollars.
    await user.clear(amount(1));
    await user.paste('€1,234.56');
    await user.click(amount(2));
    expect(item(1)).toHaveTextContent('Amounts here are in USD, not €.');
    expect(fake.callsTo(e.clientUpdate, company)).toHaveLength(0);
  });

  it('reads "(200.00)" as a negative line and says what it does', async () => {
    fakeInbox();
    const { amount, item } = await openSplit();
    const user = fastUser();
    await user.clear(amount(1));
    await user.type(amount(1), '1000');
    // Past the total: what is left is not proposed as a negative line.
    expect(amount(2)).toHaveValue('');
    await user.type(amount(2), '(200.00)');
    await user.click(amount(1));
    expect(amount(2)).toHaveValue('-200.00');
    expect(item(2)).toHaveTextContent('Negative: takes 200.00 off the other lines (a refund or a discount).');
  });
});

describe('what is left of a split', () => {
  it('goes to the line following it when another line is removed', async () => {
    fakeInbox();
    const { panel, amount } = await openSplit();
    const user = fastUser();
    await user.clear(amount(1));
    await user.type(amount(1), '500');
    await user.clear(amount(2));
    await user.type(amount(2), '200');
    await user.click(within(panel).getByRole('button', { name: /Add a line/ }));
    expect(amount(3)).toHaveValue('100.00');
    await user.click(within(panel).getByRole('button', { name: 'Remove line 2' }));
    // The third line, now the second, takes what the removed one held.
    expect(amount(2)).toHaveValue('300.00');
    expect(within(panel).getByTestId('remaining')).toHaveTextContent('Remaining: 0.00');
  });

  it('is the whole amount when a split is brought back to one line', async () => {
    const fake = fakeInbox();
    const { panel, amount } = await openSplit();
    const user = fastUser();
    await user.clear(amount(1));
    await user.type(amount(1), '500');
    await user.clear(amount(2));
    await user.type(amount(2), '250');
    await user.click(within(panel).getByRole('button', { name: 'Remove line 2' }));
    expect(within(panel).queryByLabelText('Line 1 amount')).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(fake.callsTo(e.clientUpdate, company)).toHaveLength(1));
    expect(sentAmounts(fake)).toEqual(['800.00']);
  });
});
