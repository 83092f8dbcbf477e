import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  clientSideEndpoints,
  communicationEndpoints as e,
  fileEndpoints as f,
  noteEndpoints as n,
  profileEndpoints,
  transactionEndpoints,
  type Communication,
} from '@herd/contract';
import { fastUser } from '../../../../test/dom';
import { createFakeApi, makeClientProfile, makeMyAccountant, makeOwnCompany } from '../../../../test/fake-api';
import { transactionPage } from '../../../../test/fake-transactions';
import { renderAt, renderPage } from '../../../../test/render-app';
import { ClientRequestsSection } from './client-requests-section';
import { makeNotice, makeReport, makeRequest, requestCounters, requestPage, storedFile } from './client-requests-fakes';

const company = { pk: 7 };

const fakeRequests = (active: Communication[], counters = requestCounters({ active: active.length, waiting_on_client: active.length })) => {
  const fake = createFakeApi().answer(e.clientActive, company, requestPage(active)).answer(e.clientCounters, company, counters).install();
  for (const request of active) fake.answer(n.communicationList, { pk: request.pk }, []);
  return fake;
};

const open = () => renderPage(<ClientRequestsSection companyPk={7} />, { path: '/dashboard/client/company-client/?company=7', profile: makeClientProfile() });

const openRequest = async (subject: string) => {
  await fastUser().click(await screen.findByRole('button', { name: `Open request ${subject}` }));
  return screen.findByRole('dialog');
};

describe('the client’s requests on the company page', () => {
  it('sit on the company page with the transactions', async () => {
    fakeRequests([makeRequest()])
      .answer(profileEndpoints.profile, {}, makeClientProfile())
      .answer(clientSideEndpoints.ownCompanies, {}, [makeOwnCompany()])
      .answer(clientSideEndpoints.ownCompany, company, makeOwnCompany())
      .answer(clientSideEndpoints.myAccountant, {}, makeMyAccountant())
      .answer(transactionEndpoints.clientActive, company, transactionPage([]));
    renderAt('/dashboard/client/company-client/?company=7');
    const section = await screen.findByRole('region', { name: 'Requests' });
    expect(await within(section).findByText('November close')).toBeInTheDocument();
  });

  it('opens the request an emailed link names, and forgets it from the address once closed', async () => {
    const wanted = makeRequest({ pk: 42, subject: 'Payroll report' });
    fakeRequests([makeRequest(), wanted]);
    const { searchParams } = renderPage(<ClientRequestsSection companyPk={7} />, {
      path: '/dashboard/client/company-client/?company=7&request=42',
      profile: makeClientProfile(),
    });
    const drawer = await screen.findByRole('dialog');
    expect(drawer).toHaveTextContent('Payroll report');
    fireEvent.keyDown(drawer, { key: 'Escape' });
    await waitFor(() => expect(searchParams().toString()).toBe('company=7'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('lists the open requests with who sent them, when they are due and what they ask', async () => {
    fakeRequests([makeRequest({ overdue: true, due_date: '2026-11-01' }), makeNotice()], requestCounters({ active: 2, waiting_on_client: 2, completed: 4, overdue: 1 }));
    open();
    const rows = await screen.findAllByTestId('request-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('November close')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('From Avery Stone · 2 of 3 items to answer')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Overdue (due Nov 1, 2026)')).toBeInTheDocument();
    expect(within(rows[1]!).getByText(/Read and acknowledge/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Completed (4)' })).toHaveAttribute('href', '/dashboard/client/company-client/comms/completed/7/');
    expect(screen.getByRole('link', { name: 'Scheduled' })).toHaveAttribute('href', '/dashboard/client/company-client/comms/scheduled/7/');
    expect(screen.getByText('1 overdue')).toBeInTheDocument();
  });

  it('answers a checklist: a text item and a file item, the file stored first for the company', async () => {
    const request = makeRequest();
    let answered = false;
    const fake = fakeRequests([request]);
    fake
      .answer(e.clientActive, company, () => ({ status: 200, data: requestPage([answered ? { ...request, status: 'READY' } : request]) }))
      .answer(e.clientCounters, company, () => ({ status: 200, data: requestCounters({ waiting_on_client: answered ? 0 : 1 }) }))
      .answer(f.create, {}, storedFile(777, 'statement.pdf'))
      .answer(e.clientUpdate, company, () => {
        answered = true;
        return { status: 200, data: [{ ...request, status: 'READY' as const }] };
      });
    open();
    expect(await screen.findByTestId('requests-waiting')).toHaveTextContent('1');
    const drawer = await openRequest('November close');
    const user = fastUser();
    await user.type(within(drawer).getByLabelText('What was the $1,200 payment to Acme?'), 'Supplies for the shop');
    const fileItem = within(drawer).getAllByTestId('request-item')[1]!;
    fireEvent.change(within(fileItem).getByTestId('request-file-input'), { target: { files: [new File(['%PDF-1.7'], 'statement.pdf', { type: 'application/pdf' })] } });
    expect(await within(fileItem).findByRole('link', { name: 'statement.pdf' })).toBeInTheDocument();
    const stored = fake.callsTo(f.create, {})[0]!.body as FormData;
    expect(stored.get('client_company')).toBe('7');

    await user.click(within(drawer).getByRole('button', { name: 'Send answers' }));
    await waitFor(() => expect(fake.callsTo(e.clientUpdate, company)).toHaveLength(1));
    expect(fake.callsTo(e.clientUpdate, company)[0]!.body).toEqual({
      communications: [
        {
          pk: request.pk,
          answers: [
            { item: 11, text: 'Supplies for the shop' },
            { item: 12, files: [777] },
          ],
        },
      ],
    });
    // The drawer closes saying so, and the count of what waits on the client follows without a reload.
    expect(await screen.findByText('“November close” sent to your accountant.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByTestId('requests-waiting')).not.toBeInTheDocument());
    expect(await screen.findByText('With your accountant')).toBeInTheDocument();
  });

  it('shows a file the server refused on that file, and keeps it out of the answer', async () => {
    const fake = fakeRequests([makeRequest()]);
    fake.answer(f.create, {}, () => ({ status: 400, data: { file: ['scan.pdf is not what its name says: its contents are not a .pdf file.'] } }));
    open();
    const drawer = await openRequest('November close');
    const fileItem = within(drawer).getAllByTestId('request-item')[1]!;
    fireEvent.change(within(fileItem).getByTestId('request-file-input'), { target: { files: [new File(['PNG'], 'scan.pdf', { type: 'application/pdf' })] } });
    expect(await within(fileItem).findByText(/scan.pdf is not what its name says/)).toBeInTheDocument();
    expect(within(fileItem).queryByRole('link', { name: 'scan.pdf' })).not.toBeInTheDocument();
  });

  it('puts the server’s refusal of an item under that item', async () => {
    const fake = fakeRequests([makeRequest()]);
    fake.answer(e.clientUpdate, company, () => ({ status: 400, data: { 'communications.0.answers.0.text': ['Answer is too long.'] } }));
    open();
    const drawer = await openRequest('November close');
    await fastUser().type(within(drawer).getByLabelText('What was the $1,200 payment to Acme?'), 'x');
    await fastUser().click(within(drawer).getByRole('button', { name: 'Save answers' }));
    const textItem = within(drawer).getAllByTestId('request-item')[0]!;
    expect(await within(textItem).findByText('Answer is too long.')).toBeInTheDocument();
  });

  it('acknowledges a notice with one tap', async () => {
    const notice = makeNotice();
    const fake = fakeRequests([notice]);
    fake.answer(e.clientUpdate, company, [{ ...notice, status: 'FINISHED_IN_HERD', acknowledged_at: '2026-11-21T10:00:00Z' }]);
    open();
    const drawer = await openRequest('Office closed on Friday');
    expect(within(drawer).getByText('We are closed for the holiday.')).toBeInTheDocument();
    await fastUser().click(within(drawer).getByRole('button', { name: /Acknowledge/ }));
    await waitFor(() => expect(fake.callsTo(e.clientUpdate, company)).toHaveLength(1));
    expect(fake.callsTo(e.clientUpdate, company)[0]!.body).toEqual({ communications: [{ pk: notice.pk, acknowledge: true }] });
    expect(await screen.findByText('“Office closed on Friday” acknowledged.')).toBeInTheDocument();
  });

  it('acknowledges a report with a question, its files there to download', async () => {
    const report = makeReport();
    const fake = fakeRequests([report]);
    fake.answer(e.clientUpdate, company, [{ ...report, status: 'READY' }]);
    open();
    const drawer = await openRequest('October P&L');
    expect(within(drawer).getByRole('link', { name: /october-pl.pdf/ })).toHaveAttribute('href', '/api/v1/storage/file/retrieve/950/');
    const user = fastUser();
    await user.click(within(drawer).getByRole('button', { name: 'Ask a question' }));
    await user.type(within(drawer).getByLabelText('Your question (optional)'), 'Why did rent go up?');
    await user.click(within(drawer).getByRole('button', { name: /Acknowledge and ask/ }));
    await waitFor(() => expect(fake.callsTo(e.clientUpdate, company)).toHaveLength(1));
    expect(fake.callsTo(e.clientUpdate, company)[0]!.body).toEqual({ communications: [{ pk: report.pk, acknowledge: true, question: 'Why did rent go up?' }] });
  });

  it('offers the camera on a file item of a touch screen', async () => {
    const realMatchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...realMatchMedia(query), matches: query.includes('pointer: coarse') })) as typeof window.matchMedia;
    try {
      fakeRequests([makeRequest()]);
      open();
      const drawer = await openRequest('November close');
      const fileItem = within(drawer).getAllByTestId('request-item')[1]!;
      expect(within(fileItem).getByRole('button', { name: /Take photo/ })).toBeInTheDocument();
      expect(within(fileItem).getByTestId('request-camera-input')).toHaveAttribute('capture', 'environment');
    } finally {
      window.matchMedia = realMatchMedia;
    }
  });
});
