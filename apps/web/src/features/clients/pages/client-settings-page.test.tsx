import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  details,
  messages,
  type ClientCompany,
  type ReminderLadderView,
  clientCompanyEndpoints,
  clientUserEndpoints,
  coworkerEndpoints,
  firmSettingsEndpoints,
  profileEndpoints,
} from '@herd/contract';
import { createFakeApi, makeClientCompany, makeClientUser, makeCoworker, makeProfile, makeProfileWithRole, paginated } from '../../../../test/fake-api';
import { fastUser, findDialog, findMenuItem } from '../../../../test/dom';
import { renderPage } from '../../../../test/render-app';
import { buildPath } from '../../../lib/path-builder';
import { routes } from '../../../lib/routes';
import { ClientSettingsPage } from './client-settings-page';

let userEvent = fastUser();
beforeEach(() => {
  userEvent = fastUser();
});

const casey = { pk: 21 };
const company = makeClientCompany({
  pk: 7,
  name: 'Sunrise Bakery LLC',
  pinned_note: 'Please send the March statement.',
  client_editable_fields: ['category', 'memo'],
  reminder_schedule: { enabled: true, weekdays: null, text_after_days: 2, call_after_days: 5 },
  assigned_members: [{ pk: 1, name: 'Avery Stone', email: 'avery@example.com' }],
});
const jordan = makeCoworker({ pk: 3, user: 3, first_name: 'Jordan', last_name: 'Lee', email: 'jordan@example.com', role: 'TEAM_MEMBER' });

/** A client who is not behind: the next reminder day, then the text and the call it would lead to. */
const plannedLadder: ReminderLadderView = {
  client_company: 7,
  enabled: true,
  next_reminder: '2026-12-08',
  unanswered_since: null,
  steps: [
    { step: 'EMAIL', state: 'PLANNED', at: '2026-12-08' },
    { step: 'TEXT', state: 'PLANNED', at: '2026-12-10' },
    { step: 'CALL', state: 'PLANNED', at: '2026-12-15' },
  ],
  never_texted: [],
};

const fakeClient = (client: ClientCompany = company, profile = makeProfile()) =>
  createFakeApi()
    .answer(profileEndpoints.profile, {}, profile)
    .answer(clientCompanyEndpoints.retrieve, { pk: 7 }, client)
    .answer(clientUserEndpoints.list, {}, paginated([makeClientUser()]))
    .answer(coworkerEndpoints.list, {}, [makeCoworker(), jordan])
    .answer(clientCompanyEndpoints.reminderLadder, { pk: 7 }, plannedLadder)
    .answer(
      firmSettingsEndpoints.settings,
      {},
      { pk: 1, company_name: 'Stone & Co', main_color: null, logo: null, logo_file: null, time_zone: 'UTC', reminder_weekday: 2, reminder_escalate_after: 3 },
    )
    .install();

const field = (label: string) => screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save settings' }));

/** One client's settings page alone, behind the sign-in guard (the profile comes from the fake API). */
const openSettings = (clientPk: number) =>
  renderPage(<ClientSettingsPage />, { path: buildPath(routes.settings.accountantClient, { clientPk }), route: routes.settings.accountantClient });

describe("a client's settings", () => {
  it('shows the client and saves only what changed', async () => {
    const fake = fakeClient().answer(clientCompanyEndpoints.update, { pk: 7 }, ({ body }) => ({ status: 200, data: { ...company, ...(body as object) } }));
    openSettings(7);
    expect(await screen.findByRole('heading', { name: 'Sunrise Bakery LLC' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Herd | Sunrise Bakery LLC settings'));
    expect(screen.getByLabelText('Name')).toHaveValue('Sunrise Bakery LLC');
    expect(screen.getByLabelText('Pinned note')).toHaveValue('Please send the March statement.');
    expect(await within(field('Reminders')).findByText('Weekly on the firm’s reminder day (Tuesday)')).toBeInTheDocument();
    // Label queries: whole-page role queries take seconds on this form in jsdom.
    expect(screen.getByLabelText('Category')).toBeChecked();
    expect(screen.getByLabelText('Vendor')).not.toBeChecked();
    expect(screen.getByRole('link', { name: /View as client/ })).toHaveAttribute('href', '/dashboard/accountant/as-client/7/');

    await userEvent.clear(screen.getByLabelText('Pinned note'));
    await userEvent.type(screen.getByLabelText('Pinned note'), 'Oven receipts');
    await userEvent.click(screen.getByLabelText('Reminders'));
    await userEvent.click(await screen.findByTitle('On days chosen for this client'));
    await userEvent.click(await screen.findByLabelText('Thu'));
    await userEvent.click(screen.getByLabelText('Mon'));
    await userEvent.click(screen.getByLabelText('Vendor'));
    await userEvent.click(screen.getByLabelText('Memo'));
    await userEvent.click(screen.getByLabelText('Assigned team members'));
    await userEvent.click(await screen.findByTitle('Jordan Lee'));
    await userEvent.click(screen.getByLabelText('If unanswered, text them'));
    await userEvent.click(await screen.findByTitle('With the first email'));
    await userEvent.click(screen.getByLabelText('Then ask us to call'));
    await userEvent.click((await screen.findAllByTitle('Never')).at(-1)!);
    await save();

    expect(await screen.findByText('Client settings saved')).toBeInTheDocument();
    expect(fake.callsTo(clientCompanyEndpoints.update, { pk: 7 })).toHaveLength(1);
    expect(fake.callsTo(clientCompanyEndpoints.update, { pk: 7 })[0]?.body).toEqual({
      pinned_note: 'Oven receipts',
      reminder_schedule: { enabled: true, weekdays: [1, 4], text_after_days: 0, call_after_days: null },
      client_editable_fields: ['category', 'vendor'],
      assigned_members: [1, 3],
    });
    expect(fake.callsTo(clientCompanyEndpoints.syncDate, { pk: 7 })).toHaveLength(0);
  }, 60_000);

  it('sets the sync date through its own call', async () => {
    const fake = fakeClient().answer(clientCompanyEndpoints.syncDate, { pk: 7 }, { ...company, sync_date: '2026-01-31' });
    openSettings(7);
    const date = await screen.findByLabelText('Sync date');
    await userEvent.click(date);
    await userEvent.type(date, 'Jan 31, 2026{Enter}');
    await save();
    expect(await screen.findByText('Client settings saved')).toBeInTheDocument();
    expect(fake.callsTo(clientCompanyEndpoints.syncDate, { pk: 7 })[0]?.body).toEqual({ sync_date: '2026-01-31' });
    expect(fake.callsTo(clientCompanyEndpoints.update, { pk: 7 })).toHaveLength(0);
  });

  it('checks the fields with the contract messages before saving', async () => {
    const fake = fakeClient();
    openSettings(7);
    await userEvent.clear(await screen.findByLabelText('Name'));
    await userEvent.click(screen.getByLabelText('Reminders'));
    await userEvent.click(await screen.findByTitle('On days chosen for this client'));
    await screen.findByLabelText('Mon');
    await save();
    expect(await within(field('Name')).findByText(messages.required('Name'))).toBeInTheDocument();
    expect(await screen.findByText('Choose at least one reminder day.')).toBeInTheDocument();
    expect(fake.callsTo(clientCompanyEndpoints.update, { pk: 7 })).toHaveLength(0);
  });

  it("puts the server's field errors on the fields, nested ones included", async () => {
    fakeClient().answer(clientCompanyEndpoints.update, { pk: 7 }, () => ({
      status: 400,
      data: { name: ['A client with this name already exists.'], 'reminder_schedule.enabled': [messages.notValid('Reminders')] },
    }));
    openSettings(7);
    await userEvent.type(await screen.findByLabelText('Name'), ' Two');
    await save();
    expect(await within(field('Name')).findByText('A client with this name already exists.')).toBeInTheDocument();
    // antd shows each field's message with its own animation: wait for this one too.
    expect(await within(field('Reminders')).findByText(messages.notValid('Reminders'))).toBeInTheDocument();
    expect(screen.queryByText('Client settings saved')).not.toBeInTheDocument();
  });

  it('shows a refusal that belongs to no field above the form', async () => {
    fakeClient().answer(clientCompanyEndpoints.update, { pk: 7 }, () => ({ status: 403, data: { detail: details.readOnly } }));
    openSettings(7);
    await userEvent.type(await screen.findByLabelText('Name'), ' Two');
    await save();
    expect(await screen.findByText(details.readOnly)).toBeInTheDocument();
  });

  it('lets a team member edit but not assign or disconnect', async () => {
    const fake = fakeClient(company, makeProfileWithRole('TEAM_MEMBER')).answer(clientCompanyEndpoints.update, { pk: 7 }, company);
    openSettings(7);
    await userEvent.type(await screen.findByLabelText('Name'), ' Two');
    expect(screen.queryByRole('combobox', { name: 'Assigned team members' })).not.toBeInTheDocument();
    const assigned = screen.getByText('Only admins can change who is assigned.').closest('.ant-form-item') as HTMLElement;
    expect(within(assigned).getByText('Avery Stone')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Disconnect/ })).not.toBeInTheDocument();
    await save();
    await waitFor(() => expect(fake.callsTo(clientCompanyEndpoints.update, { pk: 7 })).toHaveLength(1));
    expect(fake.callsTo(clientCompanyEndpoints.update, { pk: 7 })[0]?.body).toEqual({ name: 'Sunrise Bakery LLC Two' });
  });

  it('is the not-found page when the API does not know the client', async () => {
    createFakeApi().answer(profileEndpoints.profile, {}, makeProfile()).install();
    openSettings(99);
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Herd | Page not found'));
  });

  it('shows other load failures with a retry', async () => {
    createFakeApi()
      .answer(profileEndpoints.profile, {}, makeProfile())
      .answer(clientCompanyEndpoints.retrieve, { pk: 7 }, () => ({ status: 403, data: { detail: details.forbidden } }))
      .install();
    openSettings(7);
    expect(await screen.findByText(details.forbidden)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe("a client's users", () => {
  it('lists them and invites one with the client company in the body', async () => {
    const invited = makeClientUser({ pk: 30, email: 'jo@example.com', first_name: 'Jo', last_name: 'Rivera' });
    const fake = fakeClient().answer(clientUserEndpoints.invite, {}, invited);
    openSettings(7);
    expect(await screen.findByText('Casey Baker')).toBeInTheDocument();
    expect(screen.getByText('1 item')).toBeInTheDocument();
    expect(screen.getByText('Invited')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Invite client user/ }));
    const dialog = await findDialog();
    await userEvent.type(within(dialog).getByLabelText('Email'), 'jo@example.com');
    await userEvent.type(within(dialog).getByLabelText('First name'), 'Jo');
    await userEvent.type(within(dialog).getByLabelText('Last name'), 'Rivera');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to jo@example.com')).toBeInTheDocument();
    expect(fake.callsTo(clientUserEndpoints.invite, {})[0]?.body).toEqual({ email: 'jo@example.com', first_name: 'Jo', last_name: 'Rivera', client_company: 7 });
  });

  it('shows why an invitation was refused on the email field', async () => {
    const refusal = 'This email belongs to an accountant and cannot be added as a client.';
    fakeClient().answer(clientUserEndpoints.invite, {}, () => ({ status: 400, data: { email: [refusal] } }));
    openSettings(7);
    await userEvent.click(await screen.findByRole('button', { name: /Invite client user/ }));
    const dialog = await findDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText(messages.required('Email'))).toBeInTheDocument();
    expect(within(dialog).getByText(messages.required('First name'))).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Email'), 'avery@example.com');
    await userEvent.type(within(dialog).getByLabelText('First name'), 'Avery');
    await userEvent.type(within(dialog).getByLabelText('Last name'), 'Stone');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    const email = within(dialog).getByLabelText('Email').closest('.ant-form-item') as HTMLElement;
    expect(await within(email).findByText(refusal)).toBeInTheDocument();
  });

  it('edits the name and phone on the user and the email through contacts-update', async () => {
    const fake = fakeClient().answer(clientUserEndpoints.update, casey, makeClientUser()).answer(clientUserEndpoints.contactsUpdate, casey, makeClientUser());
    openSettings(7);
    await userEvent.click(await screen.findByLabelText('Actions for Casey Baker'));
    await userEvent.click(await findMenuItem(/Edit/));
    const dialog = await findDialog();
    await userEvent.clear(within(dialog).getByLabelText('First name'));
    await userEvent.type(within(dialog).getByLabelText('First name'), 'Cassie');
    await userEvent.type(within(dialog).getByLabelText('Phone'), '+1 555 0100');
    await userEvent.clear(within(dialog).getByLabelText('Email'));
    await userEvent.type(within(dialog).getByLabelText('Email'), 'Cassie@Example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Cassie Baker saved; a link to confirm the new email was sent to it')).toBeInTheDocument();
    expect(fake.callsTo(clientUserEndpoints.update, casey)[0]?.body).toEqual({ first_name: 'Cassie', phone: '+1 555 0100' });
    expect(fake.callsTo(clientUserEndpoints.contactsUpdate, casey)[0]?.body).toEqual({ email: 'cassie@example.com' });
  });

  it('marks a person never to be texted, and the schedule names them', async () => {
    const fake = fakeClient().answer(clientUserEndpoints.update, casey, makeClientUser({ never_text: true }));
    openSettings(7);
    await userEvent.click(await screen.findByLabelText('Actions for Casey Baker'));
    await userEvent.click(await findMenuItem(/Edit/));
    const dialog = await findDialog();
    expect(within(dialog).getByLabelText('Never text Casey')).not.toBeChecked();
    fake.answer(clientCompanyEndpoints.reminderLadder, { pk: 7 }, { ...plannedLadder, never_texted: ['Casey Baker'] });
    await userEvent.click(within(dialog).getByLabelText('Never text Casey'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Casey Baker saved')).toBeInTheDocument();
    expect(fake.callsTo(clientUserEndpoints.update, casey)[0]?.body).toEqual({ never_text: true });
    expect(await screen.findByText('Never texted: Casey Baker (marked in their details below).')).toBeInTheDocument();
  });

  it('removes a user from this client only, after confirming', async () => {
    const fake = fakeClient().answer(clientUserEndpoints.remove, casey, undefined);
    openSettings(7);
    await userEvent.click(await screen.findByLabelText('Actions for Casey Baker'));
    await userEvent.click(await findMenuItem(/Remove/));
    await userEvent.click(within(await findDialog('Remove Casey Baker')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Casey Baker removed')).toBeInTheDocument();
    expect(fake.callsTo(clientUserEndpoints.remove, casey)[0]?.params).toEqual({ client_company: 7 });
  });
});
