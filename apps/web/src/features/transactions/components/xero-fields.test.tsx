import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { refEndpoints, type LedgerField } from '@herd/contract';
import { fastUser } from '../../../../test/dom';
import { fakeClientInbox, INBOX_COMPANY, INBOX_PATH } from '../../../../test/fake-inbox';
import { makeTransaction } from '../../../../test/fake-transactions';
import { renderAt } from '../../../../test/render-app';

const coffee = makeTransaction();
const EDITABLE = ['category', 'vendor', 'class', 'location', 'tax', 'tracking_option_one', 'tracking_option_two', 'billable', 'memo'] as const;

/** What the server says a Xero organisation's categorization has: its two tracking categories by their names there. */
const XERO_FIELDS: LedgerField[] = [
  { field: 'category', label: 'Category', tracking_category: null },
  { field: 'vendor', label: 'Vendor', tracking_category: null },
  { field: 'customer', label: 'Customer', tracking_category: null },
  { field: 'tax', label: 'Tax', tracking_category: null },
  { field: 'tracking_option_one', label: 'Region', tracking_category: 81 },
  { field: 'tracking_option_two', label: 'Department', tracking_category: 80 },
  { field: 'memo', label: 'Memo', tracking_category: null },
];

/** The labels of the first line's fields, top to bottom. */
const lineLabels = (panel: HTMLElement) => [...within(panel).getByTestId('line-0').querySelectorAll('.ant-form-item-label label')].map((label) => label.textContent);

describe('a Xero company’s categorization, in the editor', () => {
  it('offers Xero’s fields only: its tracking categories by their names in Xero, no class, location or billable status', async () => {
    const region = { pk: INBOX_COMPANY.pk, trackingCategoryPk: 81 };
    const fake = fakeClientInbox([coffee], [...EDITABLE])
      .answer(refEndpoints.ledgerFields, INBOX_COMPANY, XERO_FIELDS)
      .answer(refEndpoints.trackingOptions, region, [{ pk: 90, name: 'North', active: true }]);
    renderAt(INBOX_PATH);
    await fastUser().click(await screen.findByText('Blue Bottle Coffee'));
    const panel = await screen.findByTestId('transaction-editor');
    expect(await within(panel).findByText('Region')).toBeInTheDocument();
    expect(lineLabels(panel)).toEqual(['Category', 'Vendor', 'Tax', 'Region', 'Department']);

    // Each tracking field lists the options of the category it is named after.
    fireEvent.mouseDown(within(panel).getByRole('combobox', { name: 'Region' }));
    expect(await screen.findByTitle('North')).toBeInTheDocument();
    expect(fake.callsTo(refEndpoints.trackingOptions, region).length).toBeGreaterThan(0);
  });
});
