import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  clientCompanyEndpoints,
  clientSideEndpoints,
  coworkerEndpoints,
  details,
  fileEndpoints,
  firmSettingsEndpoints,
  messages,
  profileEndpoints,
  type FirmSettings,
} from '@herd/contract';
import {
  createFakeApi,
  makeClientCompany,
  makeClientProfile,
  makeCoworker,
  makeOwnCompany,
  makeProfile,
  makeProfileWithRole,
  paginated,
} from '../../../../test/fake-api';
import { fastUser, findDialog } from '../../../../test/dom';
import { renderPage } from '../../../../test/render-app';
import { routes } from '../../../lib/routes';
import { SettingsPage } from './settings-page';

let userEvent = fastUser();
beforeEach(() => {
  userEvent = fastUser();
});

const firm: FirmSettings = {
  pk: 1,
  company_name: 'Stone & Co Bookkeeping',
  main_color: '#1d4ed8',
  logo: null,
  logo_file: null,
  time_zone: 'America/Chicago',
  reminder_weekday: 1,
  reminder_escalate_after: 3,
};
const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
const item = (element: HTMLElement) => element.closest('.ant-form-item') as HTMLElement;

const SECTION_ROUTES = { accountant: routes.settings.accountant, client: routes.settings.client, 'client-coworker': routes.settings.clientCoworker } as const;

/** One's settings page alone at a tab, behind the sign-in guard (the profile comes from the fake API). */
const openSettings = (section: keyof typeof SECTION_ROUTES, tab: string) =>
  renderPage(<SettingsPage section={section} />, { path: `${SECTION_ROUTES[section]}?tab=${tab}`, route: SECTION_ROUTES[section] });

describe('firm branding', () => {
  const fakeFirm = () => createFakeApi().answer(profileEndpoints.profile, {}, makeProfile()).answer(firmSettingsEndpoints.settings, {}, firm).install();

  it('refuses a colour that is not a hex colour, with the contract message', async () => {
    const fake = fakeFirm();
    openSettings('accountant', 'branding');
    const colour = await screen.findByRole('textbox', { name: 'Main colour' });
    expect(colour).toHaveValue('#1d4ed8');
    await userEvent.clear(colour);
    await userEvent.type(colour, 'blue');
    await userEvent.click(screen.getByRole('button', { name: 'Save branding' }));
    expect(await within(item(colour)).findByText(messages.notValid('Main colour'))).toBeInTheDocument();
    expect(fake.callsTo(firmSettingsEndpoints.update, {})).toHaveLength(0);
  });

  it('shows the firm’s time zone and saves another one chosen from the list', async () => {
    const fake = fakeFirm().answer(firmSettingsEndpoints.update, {}, { ...firm, time_zone: 'Europe/Paris' });
    openSettings('accountant', 'branding');
    const zone = await screen.findByRole('combobox', { name: 'Time zone' });
    expect(screen.getByText('America/Chicago')).toBeInTheDocument();
    await userEvent.type(zone, 'Europe/Par');
    await userEvent.click(await screen.findByTitle('Europe/Paris'));
    await userEvent.click(screen.getByRole('button', { name: 'Save time zone' }));
    expect(await screen.findByText('Time zone saved')).toBeInTheDocument();
    expect(fake.callsTo(firmSettingsEndpoints.update, {})[0]?.body).toEqual({ time_zone: 'Europe/Paris' });
  });

  it('saves the firm’s reminder day and when quiet clients are raised', async () => {
    const fake = fakeFirm().answer(firmSettingsEndpoints.update, {}, { ...firm, reminder_weekday: 4, reminder_escalate_after: 5 });
    openSettings('accountant', 'branding');
    const day = await screen.findByRole('combobox', { name: 'Reminder day' });
    expect(within(item(day)).getByText('Monday')).toBeInTheDocument();
    await userEvent.click(day);
    await userEvent.click(await screen.findByTitle('Thursday'));
    const after = screen.getByLabelText('Tell the client’s accountants after');
    await userEvent.clear(after);
    await userEvent.type(after, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Save reminder settings' }));
    expect(await screen.findByText('Reminder settings saved')).toBeInTheDocument();
    expect(fake.callsTo(firmSettingsEndpoints.update, {})[0]?.body).toEqual({ reminder_weekday: 4, reminder_escalate_after: 5 });
  });

  it('saves name, colour and logo, then re-reads the profile so the theme follows', async () => {
    const fake = fakeFirm()
      .answer(
        fileEndpoints.create,
        {},
        { pk: 55, name: 'logo.png', content_type: 'image/png', size: 4, url: '/api/v1/storage/file/retrieve/55/', created_at: '2026-03-02T10:00:00.000Z' },
      )
      .answer(firmSettingsEndpoints.update, {}, { ...firm, main_color: '#7c3aed', logo: '/api/v1/storage/file/retrieve/55/', logo_file: 55 });
    openSettings('accountant', 'branding');
    const colour = await screen.findByRole('textbox', { name: 'Main colour' });
    await userEvent.clear(colour);
    await userEvent.type(colour, '#7C3AED');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, png());
    expect(await screen.findByRole('img', { name: 'Logo preview' })).toHaveAttribute('src', '/api/v1/storage/file/retrieve/55/');
    expect(fake.callsTo(fileEndpoints.create, {})[0]?.body).toBeInstanceOf(FormData);
    expect((fake.callsTo(fileEndpoints.create, {})[0]?.body as FormData).get('file')).toBeInstanceOf(File);
    await userEvent.click(screen.getByRole('button', { name: 'Save branding' }));
    expect(await screen.findByText('Firm branding saved')).toBeInTheDocument();
    expect(fake.callsTo(firmSettingsEndpoints.update, {})[0]?.body).toEqual({ company_name: 'Stone & Co Bookkeeping', main_color: '#7c3aed', logo: 55 });
    await waitFor(() => expect(fake.callsTo(profileEndpoints.profile, {})).toHaveLength(2));
  });

  it('names the image types a logo may be when another kind of file is chosen, sending nothing', async () => {
    const fake = fakeFirm().answer(fileEndpoints.create, {}, () => ({
      status: 400,
      data: { file: ['File type is not supported. Upload an image, a PDF or a CSV file.'] },
    }));
    openSettings('accountant', 'branding');
    await screen.findByText('Upload logo');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    // fireEvent, not userEvent.upload: the browser's `accept` filter is what the server must not rely on.
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'logo.pdf', { type: 'application/pdf' })] } });
    const logo = screen.getByText('Logo').closest('.ant-form-item') as HTMLElement;
    expect(await within(logo).findByText('Logo must be a PNG, JPEG, GIF or WebP image.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Logo preview' })).not.toBeInTheDocument();
    expect(fake.callsTo(fileEndpoints.create, {})).toHaveLength(0);
    expect(fake.callsTo(firmSettingsEndpoints.update, {})).toHaveLength(0);
  });

  it("shows the upload's refusal of an image on the logo field", async () => {
    const refusal = 'File is larger than the 64 KB limit.';
    const fake = fakeFirm().answer(fileEndpoints.create, {}, () => ({ status: 400, data: { file: [refusal] } }));
    openSettings('accountant', 'branding');
    await screen.findByText('Upload logo');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [png()] } });
    const logo = screen.getByText('Logo').closest('.ant-form-item') as HTMLElement;
    expect(await within(logo).findByText(refusal)).toBeInTheDocument();
    expect(fake.callsTo(firmSettingsEndpoints.update, {})).toHaveLength(0);
  });

  it('removes the logo', async () => {
    const fake = createFakeApi()
      .answer(profileEndpoints.profile, {}, makeProfile())
      .answer(firmSettingsEndpoints.settings, {}, { ...firm, logo: '/api/v1/storage/file/retrieve/9/', logo_file: 9 })
      .answer(firmSettingsEndpoints.update, {}, firm)
      .install();
    openSettings('accountant', 'branding');
    expect(await screen.findByRole('img', { name: 'Logo preview' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Remove/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save branding' }));
    await waitFor(() => expect(fake.callsTo(firmSettingsEndpoints.update, {})[0]?.body).toMatchObject({ logo: null }));
  });

  it('is only for firm admins', async () => {
    createFakeApi().answer(profileEndpoints.profile, {}, makeProfileWithRole('CLIENT_ADMIN')).install();
    openSettings('accountant', 'branding');
    expect(await screen.findByRole('tab', { name: 'Team' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Firm branding' })).not.toBeInTheDocument();
    // An unknown or forbidden tab falls back to the profile.
    expect(screen.getByRole('button', { name: 'Save profile' })).toBeInTheDocument();
  });
});

describe('the team', () => {
  const jordan = makeCoworker({ pk: 3, user: 3, first_name: 'Jordan', last_name: 'Lee', email: 'jordan@example.com', role: 'TEAM_MEMBER', has_signed_in: false });
  const fakeTeam = (profile = makeProfile()) =>
    createFakeApi().answer(profileEndpoints.profile, {}, profile).answer(coworkerEndpoints.list, {}, [makeCoworker(), jordan]).install();

  it('invites a coworker with a role, showing required fields and server errors on the fields', async () => {
    const fake = fakeTeam().answer(coworkerEndpoints.invite, {}, () => ({ status: 400, data: { email: [details.emailTaken] } }));
    openSettings('accountant', 'team');
    expect(await screen.findByText('Jordan Lee')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Invite coworker/ }));
    const dialog = await findDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText(messages.required('Email'))).toBeInTheDocument();
    expect(within(dialog).getByText(messages.required('Last name'))).toBeInTheDocument();
    expect(fake.callsTo(coworkerEndpoints.invite, {})).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Email'), 'avery@example.com');
    await userEvent.type(within(dialog).getByLabelText('First name'), 'Sam');
    await userEvent.type(within(dialog).getByLabelText('Last name'), 'Park');
    await userEvent.click(within(dialog).getByRole('radio', { name: /Client admin/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(item(within(dialog).getByLabelText('Email'))).findByText(details.emailTaken)).toBeInTheDocument();
    expect(fake.callsTo(coworkerEndpoints.invite, {})[0]?.body).toEqual({ email: 'avery@example.com', first_name: 'Sam', last_name: 'Park', role: 'CLIENT_ADMIN' });
  });

  it('shows why a role change was refused', async () => {
    const fake = fakeTeam().answer(coworkerEndpoints.update, { pk: 1 }, () => ({ status: 400, data: { role: ['A firm needs at least one firm admin.'] } }));
    openSettings('accountant', 'team');
    await userEvent.click(await screen.findByRole('combobox', { name: 'Role of Avery Stone' }));
    // The open list's option, not the other row's current value of the same name.
    const options = await screen.findAllByTitle('Team member');
    await userEvent.click(options.find((o) => o.classList.contains('ant-select-item-option'))!);
    expect(await screen.findByText('A firm needs at least one firm admin.')).toBeInTheDocument();
    expect(fake.callsTo(coworkerEndpoints.update, { pk: 1 })[0]?.body).toEqual({ role: 'TEAM_MEMBER' });
  });

  it('removes a coworker but never oneself', async () => {
    const fake = fakeTeam().answer(coworkerEndpoints.remove, { pk: 3 }, undefined);
    openSettings('accountant', 'team');
    expect(await screen.findByText('Jordan Lee')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Avery Stone' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Jordan Lee' }));
    await userEvent.click(within(await findDialog('Remove Jordan Lee')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Jordan Lee removed')).toBeInTheDocument();
    expect(fake.callsTo(coworkerEndpoints.remove, { pk: 3 })).toHaveLength(1);
  });

  it('is read-only for everyone but firm admins', async () => {
    fakeTeam(makeProfileWithRole('CLIENT_ADMIN'));
    openSettings('accountant', 'team');
    expect(await screen.findByText('Jordan Lee')).toBeInTheDocument();
    expect(screen.getByText('Team member')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Invite coworker/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /Role of/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
  });
});

describe('the default client', () => {
  it('picks one from the clients and saves it for this user', async () => {
    const fake = createFakeApi()
      .answer(profileEndpoints.profile, {}, makeProfile())
      .answer(clientCompanyEndpoints.list, {}, paginated([makeClientCompany(), makeClientCompany({ pk: 8, name: 'Harbor Dental' })]))
      .answer(coworkerEndpoints.defaultClientCompany, { pk: 1 }, { pk: 1, default_client_company: 8, tours: {} })
      .install();
    openSettings('accountant', 'default-client');
    await userEvent.click(await screen.findByRole('combobox', { name: 'Default client' }));
    await userEvent.click(await screen.findByTitle('Harbor Dental'));
    await userEvent.click(screen.getByRole('button', { name: 'Save default client' }));
    expect(await screen.findByText('Default client saved')).toBeInTheDocument();
    expect(fake.callsTo(coworkerEndpoints.defaultClientCompany, { pk: 1 })[0]?.body).toEqual({
      client_company: 8,
    });
    await waitFor(() => expect(fake.callsTo(profileEndpoints.profile, {})).toHaveLength(2));
  });
});

describe('people at the client’s company', () => {
  const people = [
    { pk: 2, email: 'casey@example.com', first_name: 'Casey', last_name: 'Baker', role: 'CLIENT' as const, has_signed_in: true },
    { pk: 4, email: 'robin@example.com', first_name: 'Robin', last_name: 'Diaz', role: 'CLIENT_COWORKER' as const, has_signed_in: false },
  ];

  it('lets the client invite and remove coworkers', async () => {
    const fake = createFakeApi()
      .answer(profileEndpoints.profile, {}, makeClientProfile())
      .answer(clientSideEndpoints.ownCompanies, {}, [makeOwnCompany()])
      .answer(clientSideEndpoints.coworkers, {}, people)
      .answer(clientSideEndpoints.inviteCoworker, {}, () => ({ status: 201, data: { ...people[1], pk: 5, email: 'kim@example.com' } }))
      .answer(clientSideEndpoints.removeCoworker, { pk: 4 }, () => ({ status: 204 }))
      .install();
    openSettings('client', 'people');
    expect(await screen.findByText('People at Sunrise Bakery LLC')).toBeInTheDocument();
    expect(await screen.findByText('Robin Diaz')).toBeInTheDocument();
    expect(fake.callsTo(clientSideEndpoints.coworkers, {})[0]?.params).toEqual({ client_company: 7 });
    // The company's own client cannot be removed here.
    expect(screen.queryByRole('button', { name: 'Remove Casey Baker' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /Invite coworker/ }));
    const dialog = await findDialog();
    await userEvent.type(within(dialog).getByLabelText('Email'), 'kim@example.com');
    await userEvent.type(within(dialog).getByLabelText('First name'), 'Kim');
    await userEvent.type(within(dialog).getByLabelText('Last name'), 'Ng');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to kim@example.com')).toBeInTheDocument();
    expect(fake.callsTo(clientSideEndpoints.inviteCoworker, {})[0]?.body).toEqual({ email: 'kim@example.com', first_name: 'Kim', last_name: 'Ng', client_company: 7 });

    await userEvent.click(screen.getByRole('button', { name: 'Remove Robin Diaz' }));
    await userEvent.click(within(await findDialog('Remove Robin Diaz')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(fake.callsTo(clientSideEndpoints.removeCoworker, { pk: 4 })[0]?.params).toEqual({ client_company: 7 }));
  });

  it('shows a coworker the list only', async () => {
    createFakeApi()
      .answer(profileEndpoints.profile, {}, makeClientProfile({ account_type: 'CLIENT_COWORKER' }))
      .answer(clientSideEndpoints.ownCompanies, {}, [makeOwnCompany({ role: 'CLIENT_COWORKER' })])
      .answer(clientSideEndpoints.coworkers, {}, people)
      .install();
    openSettings('client-coworker', 'people');
    expect(await screen.findByText('Robin Diaz')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Invite coworker/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
  });
});
