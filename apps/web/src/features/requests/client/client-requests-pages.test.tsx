import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { communicationEndpoints as e, noteEndpoints as n, recurringEndpoints as r } from '@herd/contract';
import { fastUser } from '../../../../test/dom';
import { createFakeApi, makeClientProfile } from '../../../../test/fake-api';
import { renderPage } from '../../../../test/render-app';
import { routes } from '../../../lib/routes';
import { ClientRequestsCompletedPage } from './client-requests-list-page';
import { ClientScheduledRequestsPage } from './client-scheduled-requests-page';
import { ClientRequestsSection } from './client-requests-section';
import { makeNotice, makeRequest, makeW9Request, requestCounters, requestPage, storedFile } from './client-requests-fakes';

const company = { pk: 7 };
const profile = makeClientProfile();

const finished = makeRequest({
  status: 'FINISHED_IN_HERD',
  answered_at: '2026-11-22T10:00:00Z',
  items: [
    {
      pk: 11,
      label: 'What was the $1,200 payment to Acme?',
      answer_kind: 'TEXT',
      required: true,
      answer_text: 'Supplies',
      answer_files: [],
      answered_at: '2026-11-22T10:00:00Z',
    },
    {
      pk: 12,
      label: 'Bank statement',
      answer_kind: 'FILES',
      required: true,
      answer_text: '',
      answer_files: [storedFile(777, 'statement.pdf')],
      answered_at: '2026-11-22T10:00:00Z',
    },
  ],
});
const cancelled = makeW9Request({
  status: 'CANCELLED',
  w9: {
    legal_name: 'Acme Plumbing Inc.',
    business_name: '',
    tax_classification: 'C_CORPORATION',
    address_line: '1 Main St',
    city: 'Springfield',
    state: 'IL',
    postal_code: '62701',
    tin_kind: 'EIN',
    tin_masked: '**-***4567',
    signed_form: null,
    submitted_at: '2026-11-22T10:00:00Z',
  },
});

describe('the client’s completed requests', () => {
  it('lists the finished and cancelled ones, each opened read-only with its answers', async () => {
    const fake = createFakeApi()
      .answer(e.clientCompleted, company, requestPage([finished, cancelled]))
      .answer(n.communicationList, { pk: finished.pk }, [])
      .answer(n.communicationList, { pk: cancelled.pk }, [])
      .install();
    renderPage(<ClientRequestsCompletedPage />, { path: '/dashboard/client/company-client/comms/completed/7/', route: routes.client.commsCompleted, profile });
    const rows = await screen.findAllByTestId('request-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Finished')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Cancelled')).toBeInTheDocument();
    expect(fake.callsTo(e.clientCompleted, company)[0]!.params).toMatchObject({ ordering: '-created_at' });

    await fastUser().click(within(rows[0]!).getByRole('button'));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Supplies')).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'statement.pdf' })).toBeInTheDocument();
    // Nothing to answer any more.
    expect(within(drawer).queryByRole('button', { name: /Send answers|Save answers/ })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('textbox', { name: /payment to Acme/ })).not.toBeInTheDocument();
  });

  it('shows a W-9 given with its TIN masked', async () => {
    createFakeApi()
      .answer(e.clientCompleted, company, requestPage([cancelled]))
      .answer(n.communicationList, { pk: cancelled.pk }, [])
      .install();
    renderPage(<ClientRequestsCompletedPage />, { path: '/dashboard/client/company-client/comms/completed/7/', route: routes.client.commsCompleted, profile });
    await fastUser().click(await screen.findByRole('button', { name: 'Open request W-9 for Acme Plumbing' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText(/EIN: \*\*-\*\*\*4567/)).toBeInTheDocument();
  });

  it('says so when there are none yet, and answers not found for a company the client cannot see', async () => {
    createFakeApi()
      .answer(e.clientCompleted, company, requestPage([]))
      .answer(e.clientCompleted, { pk: 8 }, () => ({ status: 404, data: { detail: 'Not found.' } }))
      .install();
    const first = renderPage(<ClientRequestsCompletedPage />, {
      path: '/dashboard/client/company-client/comms/completed/7/',
      route: routes.client.commsCompleted,
      profile,
    });
    expect(await screen.findByText('No completed requests yet')).toBeInTheDocument();
    first.unmount();
    renderPage(<ClientRequestsCompletedPage />, { path: '/dashboard/client/company-client/comms/completed/8/', route: routes.client.commsCompleted, profile });
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
  });
});

describe('the client’s scheduled requests', () => {
  it('lists what is to come and when, soonest first as the server sends them', async () => {
    createFakeApi()
      .answer(r.clientRecurringList, company, [
        { schedule: 5, occurrence_date: '2026-12-01', kind: 'REQUEST', subject: 'Monthly bank statements', due_date: '2026-12-08', frequency: 'MONTHLY' },
        { schedule: 6, occurrence_date: '2027-01-01', kind: 'REPORT', subject: 'Quarterly P&L', due_date: null, frequency: 'QUARTERLY' },
      ])
      .install();
    renderPage(<ClientScheduledRequestsPage />, { path: '/dashboard/client/company-client/comms/scheduled/7/', route: routes.client.commsScheduled, profile });
    const rows = await screen.findAllByTestId('upcoming-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Monthly bank statements')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Arrives Dec 1, 2026 · due Dec 8, 2026')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Every month')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Arrives Jan 1, 2027')).toBeInTheDocument();
  });
});

describe('asking the accountant', () => {
  it('writes a message to the firm about the company, and the list shows it', async () => {
    const mine = makeNotice({ pk: 310, sender: 'CLIENT', status: 'READY', subject: 'New bank account', author: { pk: 2, name: 'Casey Baker' } });
    let sent = false;
    const fake = createFakeApi()
      .answer(e.clientActive, company, () => ({ status: 200, data: requestPage(sent ? [mine] : []) }))
      .answer(e.clientCounters, company, requestCounters({ active: 0, waiting_on_client: 0 }))
      .answer(e.create, {}, () => {
        sent = true;
        return { status: 201, data: mine };
      })
      .install();
    renderPage(<ClientRequestsSection companyPk={7} />, { path: '/dashboard/client/company-client/?company=7', profile });
    const user = fastUser();
    await user.click(await screen.findByRole('button', { name: /Ask your accountant/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Subject'), 'New bank account');
    await user.type(within(dialog).getByLabelText('Message'), 'We opened one at Chase.');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(fake.callsTo(e.create, {})).toHaveLength(1));
    expect(fake.callsTo(e.create, {})[0]!.body).toEqual({
      client_company: 7,
      kind: 'NOTICE',
      subject: 'New bank account',
      text: 'We opened one at Chase.',
      items: [],
      attachments: [],
      w9_vendor: '',
      due_date: null,
    });
    expect(await screen.findByText('Asked by Casey Baker · Message')).toBeInTheDocument();
  });
});
