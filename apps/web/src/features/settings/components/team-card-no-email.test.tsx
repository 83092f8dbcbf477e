import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { appEndpoints, coworkerEndpoints, profileEndpoints } from '@herd/contract';
import { createFakeApi, makeClientConfig, makeCoworker, makeProfile } from '../../../../test/fake-api';
import { fastUser, findDialog } from '../../../../test/dom';
import { renderPage } from '../../../../test/render-app';
import { routes } from '../../../lib/routes';
import { NO_INVITATION_EMAIL } from '../../../ui/use-invitation-words';
import { TeamCard } from './team-card';

let userEvent = fastUser();
beforeEach(() => {
  userEvent = fastUser();
});

const jordan = makeCoworker({ pk: 3, user: 3, first_name: 'Jordan', last_name: 'Lee', email: 'jordan@example.com', role: 'TEAM_MEMBER', has_signed_in: false });
const sam = makeCoworker({ pk: 5, user: 5, first_name: 'Sam', last_name: 'Park', email: 'sam@example.com', role: 'TEAM_MEMBER', has_signed_in: false });

const team = (emailDelivery: boolean) =>
  createFakeApi()
    .answer(profileEndpoints.profile, {}, makeProfile())
    .answer(appEndpoints.clientConfig, {}, makeClientConfig({ email_delivery: emailDelivery }))
    .answer(coworkerEndpoints.list, {}, [makeCoworker(), jordan])
    .answer(coworkerEndpoints.invite, {}, sam)
    .install();

const openTeam = () => renderPage(<TeamCard selfPk={1} canAdminister />, { path: routes.settings.accountant, route: routes.settings.accountant });

const invite = async (okText: string) => {
  await userEvent.click(await screen.findByRole('button', { name: /Invite coworker/ }));
  const dialog = await findDialog();
  await userEvent.type(within(dialog).getByLabelText('Email'), 'sam@example.com');
  await userEvent.type(within(dialog).getByLabelText('First name'), 'Sam');
  await userEvent.type(within(dialog).getByLabelText('Last name'), 'Park');
  await userEvent.click(within(dialog).getByRole('button', { name: okText }));
  return dialog;
};

describe('inviting a coworker where no email leaves this installation', () => {
  it('says before and after that no invitation email goes out, how to hand the link on, and never "Invitation sent"', async () => {
    const fake = team(false);
    openTeam();
    expect(await screen.findByText('Jordan Lee')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Invite coworker/ }));
    const dialog = await findDialog();
    expect(await within(dialog).findByText(new RegExp(NO_INVITATION_EMAIL))).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Send invitation' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

    await invite('Add');
    expect(await screen.findByText(/sam@example.com is added, but no invitation email went out\. Copy their invitation link/)).toBeInTheDocument();
    expect(screen.queryByText(/Invitation sent/)).not.toBeInTheDocument();
    expect(fake.callsTo(coworkerEndpoints.invite, {})).toHaveLength(1);
  });

  it('offers no "Resend invitation", only the link to hand on', async () => {
    team(false);
    openTeam();
    expect(await screen.findByText('Jordan Lee')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy the invitation link of Jordan Lee' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Resend the invitation to Jordan Lee' })).not.toBeInTheDocument());
  });
});

describe('inviting a coworker where emails reach people', () => {
  it('sends the invitation and says so, with a way to mail it again', async () => {
    team(true);
    openTeam();
    expect(await screen.findByText('Jordan Lee')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Resend the invitation to Jordan Lee' })).toBeInTheDocument();
    await invite('Send invitation');
    expect(await screen.findByText('Invitation sent to sam@example.com')).toBeInTheDocument();
  });
});
