import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { communicationEndpoints as e, noteEndpoints as n, receiptEndpoints as r } from '@herd/contract';
import { createFakeApi, makeClientProfile } from '../../../../test/fake-api';
import { makeReceipt, receiptPage } from '../../../../test/fake-receipts';
import { renderPage } from '../../../../test/render-app';
import { ClientReceiptsSection } from '../../receipts/client/client-receipts-section';
import { ClientRequestsSection } from './client-requests-section';
import { makeRequest, requestCounters, requestPage } from './client-requests-fakes';

const company = { pk: 7 };
const request = makeRequest();
const receipt = makeReceipt();

/** 80 open requests and 80 active receipts (four pages of 25 each); one row stands for every page. */
const fakeSections = () => {
  const fake = createFakeApi()
    .answer(e.clientActive, company, requestPage([request], 80))
    .answer(e.clientCounters, company, requestCounters({ active: 80, waiting_on_client: 80 }))
    .answer(r.clientActive, company, receiptPage([receipt], 80))
    .answer(r.clientCounters, company, { active: 80, completed: 0, hidden: 0, duplicates: 0, unread: 0 })
    .install();
  fake.answer(n.communicationList, { pk: request.pk }, []);
  return fake;
};

/** Both sections as the company page shows them, its transactions' `page` in the same address. */
const open = (search: string) =>
  renderPage(
    <>
      <ClientRequestsSection companyPk={7} />
      <ClientReceiptsSection companyPk={7} />
    </>,
    { path: `/dashboard/client/company-client/${search}`, profile: makeClientProfile() },
  );
const requestsRegion = () => screen.findByRole('region', { name: 'Requests' });
const pagerOf = (root: HTMLElement) => root.querySelector('.ant-pagination') as HTMLElement;
const receiptsCard = () => screen.getByText('Receipts').closest('.ant-card') as HTMLElement;
const lastPage = (calls: { params: Record<string, unknown> }[]) => calls.at(-1)!.params.page;

describe('the client’s request and receipt sections in the address', () => {
  it('ask for the pages the address names, each under its own name, and show them', async () => {
    const fake = fakeSections();
    open('?company=7&page=4&requests_page=2&receipts_page=3');
    await within(await requestsRegion()).findByText(request.subject, {}, { timeout: 15_000 });
    await waitFor(() => expect(fake.callsTo(r.clientActive, company)).not.toHaveLength(0));
    expect(fake.callsTo(e.clientActive, company)[0]!.params).toMatchObject({ page: 2 });
    expect(fake.callsTo(r.clientActive, company)[0]!.params).toMatchObject({ page: 3 });
    await waitFor(() => expect(within(pagerOf(receiptsCard())).getByRole('textbox')).toHaveValue('3'));
    expect(within(pagerOf(screen.getByRole('region', { name: 'Requests' }))).getByRole('textbox')).toHaveValue('2');
  });

  it('write a new page of one section to the address, leaving the others’ parameters; Back returns', async () => {
    const fake = fakeSections();
    const app = open('?company=7&page=4&receipts_page=2');
    const region = await requestsRegion();
    await within(region).findByText(request.subject, {}, { timeout: 15_000 });
    fireEvent.click(within(pagerOf(region)).getByTitle('Next Page'));
    await waitFor(() => expect(app.location().search).toBe('?company=7&page=4&receipts_page=2&requests_page=2'));
    await waitFor(() => expect(lastPage(fake.callsTo(e.clientActive, company))).toBe(2));

    await waitFor(() => expect(within(pagerOf(receiptsCard())).getByRole('textbox')).toHaveValue('2'));
    fireEvent.click(within(pagerOf(receiptsCard())).getByTitle('Previous Page'));
    await waitFor(() => expect(app.location().search).toBe('?company=7&page=4&requests_page=2'));
    await waitFor(() => expect(lastPage(fake.callsTo(r.clientActive, company))).toBe(1));

    app.back();
    expect(app.location().search).toBe('?company=7&page=4&receipts_page=2&requests_page=2');
    await waitFor(() => expect(lastPage(fake.callsTo(r.clientActive, company))).toBe(2));
  });

  it('fall back to the first page for tampered pages', async () => {
    const fake = fakeSections();
    open('?company=7&requests_page=0&receipts_page=two');
    await within(await requestsRegion()).findByText(request.subject, {}, { timeout: 15_000 });
    await waitFor(() => expect(fake.callsTo(r.clientActive, company)).not.toHaveLength(0));
    expect(fake.callsTo(e.clientActive, company)[0]!.params).toMatchObject({ page: 1 });
    expect(fake.callsTo(r.clientActive, company)[0]!.params).toMatchObject({ page: 1 });
  });
});
