import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clientCompanyEndpoints,
  clientUserEndpoints,
  coworkerEndpoints,
  genericEndpoints,
  profileEndpoints,
  refEndpoints,
  type ClientCompany,
  type ResponseOf,
} from '@herd/contract';
import { createFakeApi, makeClientCompany, makeClientUser, makeCoworker, makeProfile, makeProfileWithRole, paginated } from '../../../../test/fake-api';
import { fastUser, findDialog } from '../../../../test/dom';
import { renderAt } from '../../../../test/render-app';

type Token = ResponseOf<typeof genericEndpoints.tokens>[number];

const NOW = new Date('2026-06-15T12:00:00.000Z');
const generic = makeClientCompany({ pk: 7, name: 'Harbor Dental', connection_kind: 'GENERIC' });
const erp: Token = {
  pk: 1,
  name: 'ERP server',
  prefix: 'herd_AbCdEfG',
  created_at: '2026-05-01T09:00:00.000Z',
  last_used_at: '2026-06-15T11:55:00.000Z',
  expires_at: '2026-09-01T00:00:00.000Z',
};
const old: Token = {
  pk: 2,
  name: 'Old sync',
  prefix: 'herd_ZyXwVuT',
  created_at: '2026-01-01T09:00:00.000Z',
  last_used_at: null,
  expires_at: '2026-06-01T00:00:00.000Z',
};

const fakeSettings = (company: ClientCompany = generic, profile = makeProfile()) =>
  createFakeApi()
    .answer(profileEndpoints.profile, {}, profile)
    .answer(clientCompanyEndpoints.retrieve, { pk: 7 }, company)
    .answer(clientUserEndpoints.list, {}, paginated([makeClientUser()]))
    .answer(coworkerEndpoints.list, {}, [makeCoworker()])
    .answer(refEndpoints.accountantHerdAccounts, { pk: 7 }, [])
    .answer(genericEndpoints.tokens, { pk: 7 }, [erp, old])
    .install();

const card = async () => (await screen.findByText('API tokens', { selector: '.ant-card-head-title' })).closest('.ant-card') as HTMLElement;
const rowOf = (root: HTMLElement, name: string) => within(root).getByText(name).closest('tr') as HTMLElement;

afterEach(() => {
  vi.useRealTimers();
});

describe('API tokens of a generic-ledger client', () => {
  it('lists each token with when it was last used and when it expires', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    fakeSettings();
    renderAt('/settings/accountant/client/7/');
    const root = await card();
    const current = await waitFor(() => rowOf(root, 'ERP server'));
    expect(current).toHaveTextContent('herd_AbCdEfG…');
    expect(current).toHaveTextContent('5 minutes ago');
    expect(current).toHaveTextContent('Sep 1, 2026');
    const expired = rowOf(root, 'Old sync');
    expect(expired).toHaveTextContent('Never');
    expect(within(expired).getByText(/Expired/)).toHaveTextContent('Expired Jun 1, 2026');
  });

  it('makes a token with an expiry and shows its secret once', async () => {
    const made: Token = { ...erp, pk: 3, name: 'Nightly push', last_used_at: null, expires_at: '2026-09-13T12:00:00.000Z', token: 'herd_secret-value' };
    const fake = fakeSettings().answer(genericEndpoints.createToken, { pk: 7 }, made);
    renderAt('/settings/accountant/client/7/');
    const user = fastUser();
    await user.click(within(await card()).getByRole('button', { name: /New token/ }));
    const dialog = await findDialog('New API token');
    await user.type(within(dialog).getByLabelText('Name'), 'Nightly push');
    await user.click(within(dialog).getByRole('button', { name: 'Make token' }));
    await waitFor(() => expect(fake.callsTo(genericEndpoints.createToken, { pk: 7 })).toHaveLength(1));
    const body = fake.callsTo(genericEndpoints.createToken, { pk: 7 })[0]!.body as { name: string; expires_at: string };
    expect(body.name).toBe('Nightly push');
    // The default span is 90 days from now.
    expect(Math.abs(new Date(body.expires_at).getTime() - (Date.now() + 90 * 86_400_000))).toBeLessThan(60_000);
    expect(await screen.findByTestId('new-api-token')).toHaveTextContent('herd_secret-value');
    expect(await findDialog('cannot show it again')).toHaveTextContent('It stops working on Sep 13, 2026.');
  });

  it('shows the server’s refusal of an expiry on the field', async () => {
    fakeSettings().answer(genericEndpoints.createToken, { pk: 7 }, () => ({ status: 400, data: { expires_at: ['Expiry must be in the future.'] } }));
    renderAt('/settings/accountant/client/7/');
    const user = fastUser();
    await user.click(within(await card()).getByRole('button', { name: /New token/ }));
    const dialog = await findDialog('New API token');
    await user.type(within(dialog).getByLabelText('Name'), 'Nightly push');
    await user.click(within(dialog).getByRole('button', { name: 'Make token' }));
    expect(await within(dialog).findByText('Expiry must be in the future.')).toBeInTheDocument();
  });

  it('a disconnected client offers no new token', async () => {
    fakeSettings({ ...generic, connection_state: 'DISCONNECTED' });
    renderAt('/settings/accountant/client/7/');
    const root = await card();
    expect(within(root).queryByRole('button', { name: /New token/ })).toBeNull();
    expect(root).toHaveTextContent('its tokens were revoked');
  });

  it('is not shown for a team member or a client on another ledger', async () => {
    fakeSettings(generic, makeProfileWithRole('TEAM_MEMBER'));
    const first = renderAt('/settings/accountant/client/7/');
    expect(await screen.findByRole('heading', { name: 'Harbor Dental' })).toBeInTheDocument();
    expect(screen.queryByText('API tokens', { selector: '.ant-card-head-title' })).toBeNull();
    first.unmount();
    fakeSettings({ ...generic, connection_kind: 'CSV' });
    renderAt('/settings/accountant/client/7/');
    expect(await screen.findByRole('heading', { name: 'Harbor Dental' })).toBeInTheDocument();
    expect(screen.queryByText('API tokens', { selector: '.ant-card-head-title' })).toBeNull();
  });
});
