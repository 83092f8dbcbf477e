import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clientSideEndpoints, transactionEndpoints as e, type FinishRule } from '@herd/contract';
import { fastUser } from '../../../../test/dom';
import { makeOwnCompany } from '../../../../test/fake-api';
import { fakeClientInbox, INBOX_COMPANY, INBOX_PATH } from '../../../../test/fake-inbox';
import { makeTransaction } from '../../../../test/fake-transactions';
import { renderAt } from '../../../../test/render-app';

const coffee = makeTransaction();
const EDITABLE = ['category', 'vendor', 'class', 'memo', 'attachments'] as const;

/** The client's inbox of one transaction, in a company with this rule; the editor open on it. */
const openWith = async (rule: FinishRule) => {
  const fake = fakeClientInbox([coffee], [...EDITABLE]);
  const company = makeOwnCompany({ client_editable_fields: [...EDITABLE], finish_rule: rule });
  fake.answer(clientSideEndpoints.ownCompanies, {}, [company]).answer(clientSideEndpoints.ownCompany, INBOX_COMPANY, company);
  renderAt(INBOX_PATH);
  await fastUser().click(await screen.findByText('Blue Bottle Coffee'));
  return { fake, panel: await screen.findByTestId('transaction-editor') };
};

/** The labels of the first line's fields, top to bottom. */
const lineLabels = (panel: HTMLElement) => [...within(panel).getByTestId('line-0').querySelectorAll('.ant-form-item-label label')].map((label) => label.textContent);

describe('what finishing needs, in the editor', () => {
  it('puts the required fields first, marks them, and drops the hint when a required memo explains the transaction', async () => {
    const { panel } = await openWith({ category_or_explanation: true, required: ['class', 'vendor', 'memo'] });
    expect(lineLabels(panel)).toEqual(['Vendor', 'Class', 'Category']);
    const required = [...panel.querySelectorAll('.ant-form-item-required')].map((label) => label.textContent);
    expect(required).toEqual(['Memo', 'Vendor', 'Class']);
    expect(within(panel).getAllByText('Required to finish')).toHaveLength(3);
    // The required memo sits above the lines.
    const memo = within(panel).getByLabelText('Memo');
    expect(memo.compareDocumentPosition(within(panel).getByTestId('line-0')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(panel).queryByTestId('finish-hint')).not.toBeInTheDocument();
  });

  it('shows "Tell us what this was" under the default rule, marks nothing, and puts the server’s refusals on the fields that would do', async () => {
    const { fake, panel } = await openWith({ category_or_explanation: true, required: [] });
    expect(within(panel).getByTestId('finish-hint')).toHaveTextContent('Tell us what this was: choose a category for every line, write a memo or add an attachment.');
    expect(lineLabels(panel)).toEqual(['Category', 'Vendor', 'Class']);
    expect(within(panel).queryByText('Required to finish')).not.toBeInTheDocument();
    const hint = 'Tell us what this was: choose a category for every line, write a memo or add an attachment.';
    fake.answer(e.clientUpdate, INBOX_COMPANY, () => ({
      status: 400,
      data: { 'transactions.0.lines.0.category': [hint], 'transactions.0.client_memo': [hint], 'transactions.0.attachments': [hint] },
    }));
    await fastUser().click(within(panel).getByRole('button', { name: 'Done' }));
    const attachments = within(panel).getByRole('region', { name: 'Attachments' });
    expect(await within(attachments).findByRole('alert')).toHaveTextContent(hint);
    const memoItem = within(panel).getByLabelText('Memo').closest('.ant-form-item') as HTMLElement;
    expect(await within(memoItem).findByText(hint)).toBeInTheDocument();
    // Every message found its field: nothing is left for the box beside Done but the pointer to them.
    expect(within(panel).getByText('Please correct the fields marked in red.')).toBeInTheDocument();
  });

  it('marks required attachments and shows them before Done', async () => {
    const { panel } = await openWith({ category_or_explanation: false, required: ['attachments'] });
    const attachments = within(panel).getByRole('region', { name: 'Attachments' });
    expect(within(attachments).getByText('Required to finish')).toBeInTheDocument();
    const done = within(panel).getByRole('button', { name: 'Done' });
    expect(attachments.compareDocumentPosition(done) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
