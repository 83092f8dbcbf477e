import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { details, messages, profileEndpoints, requestTemplateEndpoints } from '@herd/contract';
import { createFakeApi, makeProfile, makeProfileWithRole } from '../../../../test/fake-api';
import { renderAt } from '../../../../test/render-app';
import { sessionKeys } from '../../auth/api';

const fieldItem = (label: string) => screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;

describe('settings', () => {
  it('saves first name, last name and phone', async () => {
    const updated = makeProfile({ first_name: 'Ava', phone: '+1 555 0100' });
    const fake = createFakeApi().answer(profileEndpoints.profile, {}, makeProfile()).answer(profileEndpoints.update, {}, updated).install();
    const app = renderAt('/settings/accountant/');
    const firstName = await screen.findByLabelText('First name');
    expect(firstName).toHaveValue('Avery');
    await waitFor(() => expect(document.title).toBe('Herd | Settings'));
    await userEvent.clear(firstName);
    await userEvent.type(firstName, 'Ava');
    await userEvent.type(screen.getByLabelText('Phone'), '+1 555 0100');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    expect(fake.callsTo(profileEndpoints.update, {})[0]?.body).toEqual({ first_name: 'Ava', last_name: 'Stone', phone: '+1 555 0100' });
    expect(app.client.getQueryData(sessionKeys.profile())).toEqual(updated);
    expect(await screen.findByRole('button', { name: 'User menu for Ava Stone' })).toBeInTheDocument();
  });

  it('checks the profile fields before saving', async () => {
    const fake = createFakeApi().answer(profileEndpoints.profile, {}, makeProfile()).install();
    renderAt('/settings/accountant/');
    await userEvent.clear(await screen.findByLabelText('First name'));
    await userEvent.type(screen.getByLabelText('Phone'), 'call me');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await within(fieldItem('First name')).findByText(messages.required('First name'))).toBeInTheDocument();
    expect(await within(fieldItem('Phone')).findByText(messages.notValid('Phone'))).toBeInTheDocument();
    expect(fake.callsTo(profileEndpoints.update, {})).toHaveLength(0);
  });

  it('changes the password', async () => {
    const fake = createFakeApi().answer(profileEndpoints.profile, {}, makeProfile()).answer(profileEndpoints.changePassword, {}, undefined).install();
    renderAt('/settings/accountant/');
    await userEvent.type(await screen.findByLabelText('Current password'), 'old-password-1');
    await userEvent.type(screen.getByLabelText('New password'), 'new-password-22');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(details.passwordChanged)).toBeInTheDocument();
    expect(fake.callsTo(profileEndpoints.changePassword, {})[0]?.body).toEqual({
      current_password: 'old-password-1',
      new_password: 'new-password-22',
    });
    await waitFor(() => expect(screen.getByLabelText('New password')).toHaveValue(''));
  });

  it('shows a wrong current password on its field', async () => {
    createFakeApi()
      .answer(profileEndpoints.profile, {}, makeProfile())
      .answer(profileEndpoints.changePassword, {}, () => ({ status: 400, data: { current_password: [details.wrongCurrentPassword] } }))
      .install();
    renderAt('/settings/accountant/');
    await userEvent.type(await screen.findByLabelText('Current password'), 'not-it-at-all');
    await userEvent.type(screen.getByLabelText('New password'), 'new-password-22');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await within(fieldItem('Current password')).findByText(details.wrongCurrentPassword)).toBeInTheDocument();
  });

  it('wants a new password of at least 10 characters', async () => {
    const fake = createFakeApi().answer(profileEndpoints.profile, {}, makeProfile()).install();
    renderAt('/settings/accountant/');
    await userEvent.type(await screen.findByLabelText('New password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(messages.tooShort('New password', 10))).toBeInTheDocument();
    expect(fake.callsTo(profileEndpoints.changePassword, {})).toHaveLength(0);
  });

  it('has a Request templates tab for every firm user, which the routes fill with the firm’s templates', async () => {
    createFakeApi()
      .answer(profileEndpoints.profile, {}, makeProfileWithRole('TEAM_MEMBER', { account_type: 'ACCOUNTANT_COWORKER' }))
      .answer(requestTemplateEndpoints.list, {}, [
        {
          pk: 1,
          name: 'Year-end checklist',
          kind: 'REQUEST',
          subject: 'Year-end documents',
          text: '',
          items: [{ label: 'Loan statements', answer_kind: 'FILES', required: true }],
          created_by: null,
          created_at: '2026-11-01T10:00:00Z',
          updated_at: '2026-11-01T10:00:00Z',
        },
      ])
      .install();
    renderAt('/settings/accountant-coworker/?tab=request-templates');
    expect(await screen.findByRole('listitem', { name: 'Year-end checklist' })).toHaveTextContent('Loan statements');
    expect(screen.getByRole('tab', { name: 'Request templates', selected: true })).toBeInTheDocument();
  });
});
