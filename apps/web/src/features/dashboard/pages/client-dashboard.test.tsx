import { screen, waitFor, within } from '@testing-library/react';
import { clientSideEndpoints, communicationEndpoints, noteEndpoints, profileEndpoints, receiptEndpoints, transactionEndpoints } from '@herd/contract';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, makeClientProfile, makeMyAccountant, makeOwnCompany, makeProfile } from '../../../../test/fake-api';
import { transactionPage } from '../../../../test/fake-transactions';
import { renderAt } from '../../../../test/render-app';
import { makeRequest, requestCounters, requestPage } from '../../requests/client/client-requests-fakes';

const bakery = makeOwnCompany({
  pk: 7,
  name: 'Sunrise Bakery LLC',
  pinned_note: 'Please upload the March statement.',
  ask_rules_words: 'Your accountant asks about amounts of $75 or more, and needs a receipt above $250.',
});
const catering = makeOwnCompany({ pk: 8, name: 'Sunrise Catering', pinned_note: '' });

const fakeClientSide = (profile = makeClientProfile(), companies = [bakery]) => {
  const fake = createFakeApi()
    .answer(profileEndpoints.profile, {}, profile)
    .answer(clientSideEndpoints.ownCompanies, {}, companies)
    .answer(clientSideEndpoints.myAccountant, {}, makeMyAccountant());
  for (const company of [bakery, catering]) fake.answer(transactionEndpoints.clientActive, { pk: company.pk }, transactionPage([]));
  for (const company of [bakery, catering]) fake.answer(clientSideEndpoints.ownCompany, { pk: company.pk }, company);
  return fake.install();
};

const noCounts = { active: 0, categorized: 0, hidden: 0, sync_errors: 0, completed: 0, processing: 0, open_receipts: 0, open_requests: 0 };

const contactCard = () => screen.getByLabelText('Your accountant');

describe('the client dashboard', () => {
  it('goes straight into the only company, with the pinned note and the accountant’s contact', async () => {
    const fake = fakeClientSide();
    const app = renderAt('/dashboard/client/');
    await waitFor(() => expect(`${app.pathname()}${app.location().search}`).toBe('/dashboard/client/company-client/?company=7'));
    expect(await screen.findByRole('heading', { name: 'Sunrise Bakery LLC' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Herd | Sunrise Bakery LLC'));
    expect(screen.getByText('Questions and requests from your accountant at Stone & Co Bookkeeping.')).toBeInTheDocument();
    expect(screen.getByTestId('pinned-note')).toHaveTextContent('A note from Stone & Co Bookkeeping');
    expect(screen.getByTestId('pinned-note')).toHaveTextContent('Please upload the March statement.');
    // What the firm asks about, in its words; a company without such rules shows none (below).
    expect(screen.getByTestId('ask-rules-words')).toHaveTextContent('Your accountant asks about amounts of $75 or more, and needs a receipt above $250.');
    expect(await screen.findByText('All caught up')).toBeInTheDocument();
    await waitFor(() => expect(within(contactCard()).getByText('Avery Stone')).toBeInTheDocument());
    expect(within(contactCard()).getByText('Stone & Co Bookkeeping')).toBeInTheDocument();
    expect(within(contactCard()).getByRole('link', { name: /avery@example.com/ })).toHaveAttribute('href', 'mailto:avery@example.com');
    expect(within(contactCard()).getByRole('link', { name: /\+1 555 0100/ })).toHaveAttribute('href', 'tel:+15550100');
    expect(fake.callsTo(clientSideEndpoints.myAccountant, {})[0]?.params).toEqual({ client_company: 7 });
    // One company: nothing to switch between.
    expect(screen.queryByRole('combobox', { name: 'Company' })).not.toBeInTheDocument();
  });

  it('lists several companies, and switches between them', async () => {
    fakeClientSide(makeClientProfile(), [bakery, catering]);
    const app = renderAt('/dashboard/client/');
    expect(await screen.findByRole('heading', { name: 'Your companies' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('link', { name: 'Open Sunrise Catering' }));
    expect(await screen.findByRole('heading', { name: 'Sunrise Catering' })).toBeInTheDocument();
    expect(app.location().search).toBe('?company=8');
    expect(screen.queryByTestId('pinned-note')).not.toBeInTheDocument();
    expect(screen.queryByTestId('ask-rules-words')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Company' }));
    const options = await screen.findAllByTitle('Sunrise Bakery LLC');
    await userEvent.click(options.find((o) => o.classList.contains('ant-select-item-option'))!);
    expect(await screen.findByRole('heading', { name: 'Sunrise Bakery LLC' })).toBeInTheDocument();
    expect(app.location().search).toBe('?company=7');
  });

  it('says on each company’s card how many transactions wait for an answer, how many receipts are open and how many requests wait', async () => {
    const fake = fakeClientSide(makeClientProfile(), [bakery, catering]);
    fake.answer(transactionEndpoints.clientCounters, { pk: 7 }, { ...noCounts, active: 3, open_receipts: 1, open_requests: 2 });
    fake.answer(transactionEndpoints.clientCounters, { pk: 8 }, noCounts);
    renderAt('/dashboard/client/');
    const bakeryCard = await screen.findByRole('link', { name: 'Open Sunrise Bakery LLC' });
    await waitFor(() => expect(within(bakeryCard).getByTestId('company-counts')).toHaveTextContent('3 transactions to answer1 open receipt2 requests to answer'));
    const cateringCard = screen.getByRole('link', { name: 'Open Sunrise Catering' });
    await waitFor(() => expect(within(cateringCard).getByTestId('company-counts')).toHaveTextContent('Nothing waiting'));
    expect(within(cateringCard).queryByText(/receipt/)).not.toBeInTheDocument();
  });

  it('without a choice and with several companies, the company page goes back to the list', async () => {
    fakeClientSide(makeClientProfile(), [bakery, catering]);
    const app = renderAt('/dashboard/client/company-client/');
    await waitFor(() => expect(app.pathname()).toBe('/dashboard/client/'));
    expect(await screen.findByRole('link', { name: 'Open Sunrise Bakery LLC' })).toBeInTheDocument();
  });

  it('a company that is not the client’s is not found', async () => {
    fakeClientSide();
    renderAt('/dashboard/client/company-client/?company=99');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
  });

  it('says so when the client has no company yet', async () => {
    fakeClientSide(makeClientProfile(), []);
    renderAt('/dashboard/client/');
    expect(await screen.findByText('No company to show yet')).toBeInTheDocument();
  });
});

describe('the receipts on a phone', () => {
  const realMatchMedia = window.matchMedia;
  const realScrollIntoView = Element.prototype.scrollIntoView;
  afterEach(() => {
    window.matchMedia = realMatchMedia;
    Element.prototype.scrollIntoView = realScrollIntoView;
  });
  const fakeWithReceipts = () =>
    fakeClientSide()
      .answer(receiptEndpoints.clientCounters, { pk: 7 }, { active: 3, completed: 1, hidden: 0, duplicates: 0, unread: 0 })
      .answer(receiptEndpoints.clientActive, { pk: 7 }, { count: 0, next: null, previous: null, results: [] });

  it('puts a shortcut to the receipts card, with how many wait, above the transactions', async () => {
    window.matchMedia = ((query: string) => ({ ...realMatchMedia(query), matches: query.includes('max-width: 767') })) as typeof window.matchMedia;
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    fakeWithReceipts();
    renderAt('/dashboard/client/company-client/?company=7');
    const shortcut = await screen.findByRole('button', { name: /Receipts \(3\) waiting/ });
    const transactions = await screen.findByText('All caught up');
    // Before the transactions list in the page's order.
    expect(shortcut.compareDocumentPosition(transactions) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await userEvent.click(shortcut);
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(scrolled.mock.contexts[0]).toBe(document.getElementById('company-receipts'));
  });

  it('has no shortcut on a wide screen, where the card is in view beside less', async () => {
    fakeWithReceipts();
    renderAt('/dashboard/client/company-client/?company=7');
    expect(await screen.findByText('All caught up')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Receipts/ })).not.toBeInTheDocument();
  });
});

describe('viewing as the client', () => {
  const fakeAccountant = () =>
    createFakeApi()
      .answer(profileEndpoints.profile, {}, makeProfile())
      .answer(clientSideEndpoints.ownCompany, { pk: 7 }, bakery)
      .answer(clientSideEndpoints.myAccountant, {}, makeMyAccountant())
      .answer(transactionEndpoints.clientActive, { pk: 7 }, transactionPage([]))
      .install();

  it('shows the client’s own dashboard under a "Viewing as" banner', async () => {
    const fake = fakeAccountant();
    renderAt('/dashboard/accountant/as-client/7/');
    const banner = await screen.findByTestId('view-as-banner');
    await waitFor(() => expect(banner).toHaveTextContent('Viewing as Sunrise Bakery LLC'));
    expect(within(banner).getByRole('link', { name: 'Back to clients' })).toHaveAttribute('href', '/dashboard/accountant/clients/');
    await waitFor(() => expect(document.title).toBe('Herd | Viewing as Sunrise Bakery LLC'));
    // The same page the client sees: their heading, their accountant's note and contact card.
    expect(await screen.findByRole('heading', { name: 'Sunrise Bakery LLC' })).toBeInTheDocument();
    expect(screen.getByTestId('pinned-note')).toHaveTextContent('Please upload the March statement.');
    expect(await screen.findByText('All caught up')).toBeInTheDocument();
    await waitFor(() => expect(within(contactCard()).getByText('Avery Stone')).toBeInTheDocument());
    expect(fake.callsTo(clientSideEndpoints.myAccountant, {})[0]?.params).toEqual({ client_company: 7 });
    // An accountant has no client company list of their own.
    expect(fake.callsTo(clientSideEndpoints.ownCompanies, {})).toHaveLength(0);
  });

  it('shows the client’s receipts and requests too, a request to answer shown but left to the client', async () => {
    fakeAccountant()
      .answer(receiptEndpoints.clientCounters, { pk: 7 }, { active: 0, completed: 0, hidden: 0, duplicates: 0, unread: 0 })
      .answer(receiptEndpoints.clientActive, { pk: 7 }, { count: 0, next: null, previous: null, results: [] })
      .answer(communicationEndpoints.clientActive, { pk: 7 }, requestPage([makeRequest()]))
      .answer(communicationEndpoints.clientCounters, { pk: 7 }, requestCounters({ active: 1, waiting_on_client: 1 }))
      .answer(noteEndpoints.communicationList, { pk: makeRequest().pk }, []);
    renderAt('/dashboard/accountant/as-client/7/');
    expect(await screen.findByTestId('view-as-banner')).toHaveTextContent('A preview of the client’s screens');
    const requests = await screen.findByRole('region', { name: 'Requests' });
    await waitFor(() => expect(document.getElementById('company-receipts')).not.toBeNull());
    // Writing to the firm is the client's own act.
    expect(within(requests).queryByRole('button', { name: 'Ask your accountant' })).not.toBeInTheDocument();
    await userEvent.click(await within(requests).findByRole('button', { name: 'Open request November close' }));
    const drawer = await screen.findByRole('dialog');
    expect(drawer).toHaveTextContent('Only the client can answer this.');
    expect(within(drawer).queryByRole('button', { name: 'Send answers' })).not.toBeInTheDocument();
  });

  it('is the not-found page for a client the accountant cannot see', async () => {
    createFakeApi().answer(profileEndpoints.profile, {}, makeProfile()).install();
    renderAt('/dashboard/accountant/as-client/99/');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    expect(screen.queryByTestId('view-as-banner')).not.toBeInTheDocument();
  });

  it('a client cannot open it', async () => {
    fakeClientSide();
    const app = renderAt('/dashboard/accountant/as-client/7/');
    await waitFor(() => expect(app.pathname()).toBe('/403'));
  });
});
