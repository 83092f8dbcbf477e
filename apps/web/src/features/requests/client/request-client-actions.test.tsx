import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { communicationEndpoints as e, noteEndpoints as n } from '@herd/contract';
import { fastUser } from '../../../../test/dom';
import { createFakeApi, makeClientProfile } from '../../../../test/fake-api';
import { renderPage } from '../../../../test/render-app';
import { routes } from '../../../lib/routes';
import { ClientPreviewProvider } from '../../client-side/preview';
import { ClientRequestsCompletedPage } from './client-requests-list-page';
import { ClientRequestsSection } from './client-requests-section';
import { makeNotice, makeRequest, requestCounters, requestPage } from './client-requests-fakes';

const company = { pk: 7 };
const profile = makeClientProfile();
const finished = makeNotice({ status: 'FINISHED_IN_HERD', acknowledged_at: '2026-11-22T10:00:00Z' });
const answered = makeRequest({ status: 'READY', answered_at: '2026-11-22T10:00:00Z' });

const completedPage = (search = '') =>
  renderPage(<ClientRequestsCompletedPage />, { path: `/dashboard/client/company-client/comms/completed/7/${search}`, route: routes.client.commsCompleted, profile });

const openRequest = async (subject: string) => {
  await fastUser().click(await screen.findByRole('button', { name: `Open request ${subject}` }));
  return screen.findByRole('dialog');
};

describe('the client tidies their own list of requests', () => {
  it('hides a completed request from the list, and says where it went', async () => {
    let hidden = false;
    const fake = createFakeApi()
      .answer(e.clientCompleted, company, () => ({ status: 200, data: requestPage(hidden ? [] : [finished]) }))
      .answer(e.clientCounters, company, () => ({ status: 200, data: requestCounters({ completed: hidden ? 0 : 1, hidden: hidden ? 1 : 0 }) }))
      .answer(n.communicationList, { pk: finished.pk }, [])
      .answer(e.clientHide, company, () => {
        hidden = true;
        return { status: 204, data: null };
      })
      .install();
    completedPage();
    expect(await screen.findByRole('link', { name: 'Hidden (0)' })).toBeInTheDocument();
    const drawer = await openRequest('Office closed on Friday');
    await fastUser().click(within(drawer).getByRole('button', { name: /Hide from my list/ }));
    await waitFor(() => expect(fake.callsTo(e.clientHide, company)).toHaveLength(1));
    expect(fake.callsTo(e.clientHide, company)[0]!.body).toEqual({ pks: [finished.pk] });
    expect(await screen.findByText('“Office closed on Friday” hidden. Find it under Hidden.')).toBeInTheDocument();
    expect(await screen.findByText('No completed requests yet')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Hidden (1)' })).toBeInTheDocument();
  });

  it('lists the hidden ones under ?hidden=true, each of which can go back on the list', async () => {
    const fake = createFakeApi()
      .answer(e.clientCompleted, company, requestPage([finished]))
      .answer(e.clientCounters, company, requestCounters({ hidden: 1 }))
      .answer(n.communicationList, { pk: finished.pk }, [])
      .answer(e.clientUnhide, company, () => ({ status: 204, data: null }))
      .install();
    completedPage('?hidden=true');
    expect(await screen.findByRole('heading', { name: 'Hidden requests' })).toBeInTheDocument();
    await waitFor(() => expect(fake.callsTo(e.clientCompleted, company)[0]!.params).toMatchObject({ hidden: 'true' }));
    expect(screen.getByRole('link', { name: 'All completed requests' })).toBeInTheDocument();
    const drawer = await openRequest('Office closed on Friday');
    expect(within(drawer).queryByRole('button', { name: /Hide from my list/ })).not.toBeInTheDocument();
    await fastUser().click(within(drawer).getByRole('button', { name: /Show in my list again/ }));
    await waitFor(() => expect(fake.callsTo(e.clientUnhide, company)[0]?.body).toEqual({ pks: [finished.pk] }));
    expect(await screen.findByText('“Office closed on Friday” is back in your completed requests.')).toBeInTheDocument();
  });

  it('shows the server’s refusal in its words', async () => {
    createFakeApi()
      .answer(e.clientCompleted, company, requestPage([finished]))
      .answer(e.clientCounters, company, requestCounters())
      .answer(n.communicationList, { pk: finished.pk }, [])
      .answer(e.clientHide, company, () => ({
        status: 400,
        data: { detail: '“Office closed on Friday” is still open: a request can be hidden once it is finished or cancelled.' },
      }))
      .install();
    completedPage();
    const drawer = await openRequest('Office closed on Friday');
    await fastUser().click(within(drawer).getByRole('button', { name: /Hide from my list/ }));
    expect(await screen.findByText(/Could not hide it: .*is still open/)).toBeInTheDocument();
  });
});

describe('the client takes back an answer', () => {
  it('offers it on an answered request the accountant has not accepted, and says it is back with them', async () => {
    const fake = createFakeApi()
      .answer(e.clientActive, company, requestPage([answered]))
      .answer(e.clientCounters, company, requestCounters({ waiting_on_client: 0 }))
      .answer(n.communicationList, { pk: answered.pk }, [])
      .answer(e.clientBack, company, () => ({ status: 204, data: null }))
      .install();
    renderPage(<ClientRequestsSection companyPk={7} />, { path: '/dashboard/client/company-client/?company=7', profile });
    const drawer = await openRequest('November close');
    expect(within(drawer).getByText('Answered: your accountant is reviewing it.')).toBeInTheDocument();
    // An open request is not hidden from the list: only the completed ones are.
    expect(within(drawer).queryByRole('button', { name: /Hide from my list/ })).not.toBeInTheDocument();
    await fastUser().click(within(drawer).getByRole('button', { name: /Take back/ }));
    await waitFor(() => expect(fake.callsTo(e.clientBack, company)[0]?.body).toEqual({ pks: [answered.pk] }));
    expect(await screen.findByText('“November close” is back with you: change your answers and send it again.')).toBeInTheDocument();
  });

  it('says so and closes once taken back, though the list read again at once shows it waiting on the client', async () => {
    // As the server: taken back, the request waits on the client again (its notice about the answer goes with it).
    let takenBack = false;
    const fake = createFakeApi()
      .answer(e.clientActive, company, () => ({ status: 200, data: requestPage([takenBack ? { ...answered, status: 'PROCESSING' } : answered]) }))
      // The counts come back after the list, as they may over a network: the list already shows it waiting on the client.
      .answer(e.clientCounters, company, async () => {
        if (takenBack) await new Promise((resolve) => setTimeout(resolve, 300));
        return { status: 200, data: requestCounters({ waiting_on_client: takenBack ? 1 : 0 }) };
      })
      .answer(n.communicationList, { pk: answered.pk }, [])
      .answer(e.clientBack, company, () => {
        takenBack = true;
        return { status: 204, data: null };
      })
      .install();
    renderPage(<ClientRequestsSection companyPk={7} />, { path: '/dashboard/client/company-client/?company=7', profile });
    const drawer = await openRequest('November close');
    await fastUser().click(within(drawer).getByRole('button', { name: /Take back/ }));
    await waitFor(() => expect(fake.callsTo(e.clientBack, company)).toHaveLength(1));
    expect(await screen.findByText('“November close” is back with you: change your answers and send it again.')).toBeInTheDocument();
    // Closed: opened again, it takes the changed answers (a drawer left open showed it waiting with no form to answer).
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const again = await openRequest('November close');
    expect(await within(again).findByRole('button', { name: 'Save answers' })).toBeInTheDocument();
  });

  it('offers neither in the firm’s view of the client’s screens', async () => {
    createFakeApi()
      .answer(e.clientActive, company, requestPage([answered]))
      .answer(e.clientCompleted, company, requestPage([finished]))
      .answer(e.clientCounters, company, requestCounters())
      .answer(n.communicationList, { pk: answered.pk }, [])
      .answer(n.communicationList, { pk: finished.pk }, [])
      .install();
    const first = renderPage(
      <ClientPreviewProvider value>
        <ClientRequestsSection companyPk={7} />
      </ClientPreviewProvider>,
      { path: '/dashboard/client/company-client/?company=7', profile },
    );
    const drawer = await openRequest('November close');
    expect(within(drawer).getByText('Answered: your accountant is reviewing it.')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: /Take back/ })).not.toBeInTheDocument();
    first.unmount();
    renderPage(
      <ClientPreviewProvider value>
        <ClientRequestsCompletedPage />
      </ClientPreviewProvider>,
      { path: '/dashboard/client/company-client/comms/completed/7/', route: routes.client.commsCompleted, profile },
    );
    const completed = await openRequest('Office closed on Friday');
    expect(within(completed).queryByRole('button', { name: /Hide from my list/ })).not.toBeInTheDocument();
  });
});
