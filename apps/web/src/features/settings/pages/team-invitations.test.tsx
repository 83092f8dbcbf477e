import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { coworkerEndpoints, profileEndpoints } from '@herd/contract';
import { createFakeApi, installClipboard, makeCoworker, makeProfile, makeProfileWithRole } from '../../../../test/fake-api';
import { renderAt } from '../../../../test/render-app';

/** The settings page loads lazily; on a busy machine its first render can outlast the usual wait. */
const FIRST_RENDER_MS = 45_000;
const url = 'http://localhost/auth/?magic=invite-123';
const jordan = makeCoworker({ pk: 3, user: 3, first_name: 'Jordan', last_name: 'Lee', email: 'jordan@example.com', role: 'TEAM_MEMBER', has_signed_in: false });
const riley = makeCoworker({ pk: 4, user: 4, first_name: 'Riley', last_name: 'Ng', email: 'riley@example.com', role: 'TEAM_MEMBER', has_signed_in: true });

const fakeTeam = (profile = makeProfile()) =>
  createFakeApi()
    .answer(profileEndpoints.profile, {}, profile)
    .answer(coworkerEndpoints.list, {}, [makeCoworker(), jordan, riley])
    .answer(coworkerEndpoints.resendInvitation, { pk: 3 }, { detail: 'Invitation sent again to jordan@example.com.' })
    .answer(coworkerEndpoints.invitationLink, { pk: 3 }, { url })
    .install();

describe('a coworker’s open invitation, from the team list', () => {
  beforeEach(() => installClipboard());

  it('is mailed again', async () => {
    const fake = fakeTeam();
    renderAt('/settings/accountant/?tab=team');
    await userEvent.click(await screen.findByLabelText('Resend the invitation to Jordan Lee', {}, { timeout: FIRST_RENDER_MS }));
    expect(await screen.findByText('Invitation sent again to jordan@example.com.')).toBeInTheDocument();
    expect(fake.callsTo(coworkerEndpoints.resendInvitation, { pk: 3 })).toHaveLength(1);
  });

  it('has its link copied, and shown when the browser refuses the clipboard', async () => {
    const fake = fakeTeam();
    renderAt('/settings/accountant/?tab=team');
    await userEvent.click(await screen.findByLabelText('Copy the invitation link of Jordan Lee', {}, { timeout: FIRST_RENDER_MS }));
    expect(await screen.findByText('Invitation link for Jordan Lee copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(url);
    installClipboard({ refuse: true });
    await userEvent.click(screen.getByLabelText('Copy the invitation link of Jordan Lee'));
    expect(await screen.findByTestId('magic-link-url')).toHaveTextContent(url);
    expect(fake.callsTo(coworkerEndpoints.invitationLink, { pk: 3 })).toHaveLength(2);
  });

  it('is offered only for people who have not signed in yet, and only to a firm admin', async () => {
    fakeTeam();
    renderAt('/settings/accountant/?tab=team');
    await screen.findByLabelText('Resend the invitation to Jordan Lee', {}, { timeout: FIRST_RENDER_MS });
    expect(screen.queryByRole('button', { name: /invitation.*Riley Ng/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /invitation.*Avery Stone/ })).not.toBeInTheDocument();
  });

  it('is not offered to a team member', async () => {
    fakeTeam(makeProfileWithRole('TEAM_MEMBER'));
    renderAt('/settings/accountant/?tab=team');
    expect(await screen.findByText('Jordan Lee', {}, { timeout: FIRST_RENDER_MS })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /invitation/ })).not.toBeInTheDocument();
  });
});
