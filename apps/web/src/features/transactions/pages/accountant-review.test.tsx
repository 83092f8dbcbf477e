import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clientCompanyEndpoints, profileEndpoints, transactionEndpoints, type ReviewFinding } from '@herd/contract';
import { fastUser } from '../../../../test/dom';
import { createFakeApi, makeClientCompany, makeProfile } from '../../../../test/fake-api';
import { renderAt } from '../../../../test/render-app';

const company = { pk: 7 };
const duplicate: ReviewFinding = {
  pk: 31,
  check: 'LIKELY_DUPLICATE',
  state: 'OPEN',
  reason: 'Same payee and amount ($89.99) as the transaction of 2026-05-01, 2 days apart.',
  question: 'This looks like a second charge of $89.99 from Office Depot within a few days. Were you charged twice, or were these two purchases?',
  transaction: { pk: 101, ledger_id: null, date: '2026-05-03', amount: '89.99', payee: 'Office Depot', status: 'PUBLISHED_IN_PLATFORM' },
  found_at: '2026-05-04T10:00:00.000Z',
};
const personal: ReviewFinding = {
  ...duplicate,
  pk: 32,
  check: 'PERSONAL_PAYEE',
  reason: 'Netflix is usually a personal expense: check that it belongs to the business.',
  question: 'Was this Netflix charge for the business, or personal?',
  transaction: { pk: 102, ledger_id: null, date: '2026-05-02', amount: '15.49', payee: 'Netflix', status: 'FINISHED_IN_HERD' },
};

const inLedger: ReviewFinding = {
  ...duplicate,
  pk: 33,
  check: 'PARENT_ACCOUNT',
  reason: 'Coded to Utilities, which has 2 sub-accounts (Utilities:Electric, Utilities:Water): it belongs in one of them.',
  question: 'This $180.00 from Metro Power is filed under Utilities. Which of these was it: Utilities:Electric, Utilities:Water?',
  transaction: { pk: null, ledger_id: 'Purchase:88', date: '2026-05-01', amount: '180.00', payee: 'Metro Power', status: null },
};

const fakeReview = () =>
  createFakeApi()
    .answer(profileEndpoints.profile, {}, makeProfile())
    .answer(clientCompanyEndpoints.retrieve, company, makeClientCompany())
    .answer(transactionEndpoints.accountantCounters, company, { active: 0, categorized: 2, hidden: 0, sync_errors: 0, completed: 0, processing: 0 })
    .answer(clientCompanyEndpoints.reviewChecks, company, ({ params }) => ({
      status: 200,
      data:
        params.state === 'open'
          ? { count: 3, results: [duplicate, personal, inLedger], checked_at: '2026-05-04T10:00:00.000Z' }
          : { count: 0, results: [], checked_at: null },
    }))
    .answer(clientCompanyEndpoints.reviewFindingDismiss, { pk: 7, finding: 32 }, { ...personal, state: 'DISMISSED' })
    .answer(clientCompanyEndpoints.reviewFindingAsk, { pk: 7, finding: 31 }, { ...duplicate, state: 'ASKED' })
    .answer(clientCompanyEndpoints.reviewFindingAsk, { pk: 7, finding: 33 }, { ...inLedger, state: 'ASKED' })
    .answer(clientCompanyEndpoints.reviewChecksRun, company, { queued: true })
    .install();

describe('the review checks of a client', () => {
  it('lists what the checks found and why, asks the client about one in a click and dismisses another', async () => {
    const fake = fakeReview();
    const user = fastUser();
    renderAt('/dashboard/accountant/review/7/');
    expect(await screen.findByText(duplicate.reason)).toBeInTheDocument();
    expect(screen.getByText('Likely duplicate')).toBeInTheDocument();
    expect(screen.getByText('Looks personal')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Review', selected: true })).toBeInTheDocument();

    const duplicateRow = screen.getByText(duplicate.reason).closest('.ant-list-item') as HTMLElement;
    await user.click(within(duplicateRow).getByRole('button', { name: 'Ask the client' }));
    expect(await screen.findByText('Sent to the client with the question')).toBeInTheDocument();
    expect(fake.callsTo(clientCompanyEndpoints.reviewFindingAsk, { pk: 7, finding: 31 })).toHaveLength(1);

    // One only the ledger holds is said so, and asked about in a request.
    const ledgerRow = screen.getByText(inLedger.reason).closest('.ant-list-item') as HTMLElement;
    expect(within(ledgerRow).getByText('Only in the ledger')).toBeInTheDocument();
    expect(within(duplicateRow).queryByText('Only in the ledger')).toBeNull();
    await user.click(within(ledgerRow).getByRole('button', { name: 'Ask the client' }));
    expect(await screen.findByText('Asked the client in a request')).toBeInTheDocument();

    const personalRow = screen.getByText(personal.reason).closest('.ant-list-item') as HTMLElement;
    await user.click(within(personalRow).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(fake.callsTo(clientCompanyEndpoints.reviewFindingDismiss, { pk: 7, finding: 32 })).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Run the checks now' }));
    await waitFor(() => expect(fake.callsTo(clientCompanyEndpoints.reviewChecksRun, company)).toHaveLength(1));
    expect(await screen.findByText('Checking…')).toBeInTheDocument();

    await user.click(screen.getByText('Dismissed'));
    expect(await screen.findByText('No dismissed findings.')).toBeInTheDocument();
  });
});
