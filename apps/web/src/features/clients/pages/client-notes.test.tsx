import { screen, waitFor, within } from '@testing-library/react';
import { noteEndpoints as n, type Note } from '@herd/contract';
import { describe, expect, it } from 'vitest';
import { fastUser } from '../../../../test/dom';
import { createFakeApi, makeProfile } from '../../../../test/fake-api';
import { renderPage } from '../../../../test/render-app';
import { ClientNotesCard } from '../components/client-notes-card';

const note = (overrides: Partial<Note>): Note => ({
  pk: 1,
  body: 'Welcome aboard',
  sender: 'ACCOUNTANT',
  author: { pk: 1, name: 'Avery Stone' },
  created_at: '2026-03-01T10:00:00Z',
  edited: false,
  is_mine: true,
  mentions: [],
  pinned: false,
  ...overrides,
});

describe('the notes with a client, on the firm’s side', () => {
  it('pins a note for the client and unpins the pinned one', async () => {
    const first = note({ pk: 1, body: 'Welcome aboard' });
    const second = note({ pk: 2, body: 'Payroll moves to the 15th.', pinned: true });
    const fake = createFakeApi()
      .answer(n.clientCompanyList, { pk: 7 }, [first, second])
      .answer(n.clientCompanyPin, { messagePk: 1 }, { ...first, pinned: true })
      .answer(n.clientCompanyUnpin, { messagePk: 2 }, { ...second, pinned: false })
      .install();
    renderPage(<ClientNotesCard companyPk={7} />, { path: '/', profile: makeProfile() });
    const [one, two] = await screen.findAllByTestId('company-note');
    expect(within(two!).getByText('Pinned')).toBeInTheDocument();
    const user = fastUser();
    await user.click(within(one!).getByRole('button', { name: 'Pin for the client' }));
    await waitFor(() => expect(fake.callsTo(n.clientCompanyPin, { messagePk: 1 })).toHaveLength(1));
    await user.click(within(two!).getByRole('button', { name: 'Unpin' }));
    await waitFor(() => expect(fake.callsTo(n.clientCompanyUnpin, { messagePk: 2 })).toHaveLength(1));
  });

  it('offers the colleagues who see the client after "@"', async () => {
    const fake = createFakeApi()
      .answer(n.clientCompanyList, { pk: 7 }, [])
      .answer(n.mentionable, {}, [{ pk: 12, name: 'Tess Team' }])
      .install();
    renderPage(<ClientNotesCard companyPk={7} />, { path: '/', profile: makeProfile() });
    await screen.findByText(/No notes yet/);
    await fastUser().type(screen.getByLabelText('New note'), '@');
    await waitFor(() => expect([...document.querySelectorAll('.ant-mentions-dropdown-menu-item')].map((o) => o.textContent)).toEqual(['Tess Team']));
    expect(fake.callsTo(n.mentionable, {})[0]?.params).toEqual({ client_company: 7 });
  });
});
