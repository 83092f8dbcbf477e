import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authEndpoints, details, profileEndpoints } from '@herd/contract';
import { createFakeApi, makeProfile } from '../../../../test/fake-api';
import { renderAt } from '../../../../test/render-app';

const signedOut = () => createFakeApi().answer(profileEndpoints.profile, {}, () => ({ status: 401, data: { detail: details.notAuthenticated } }));

describe('an emailed sign-up link (/auth/?signup=)', () => {
  it('creates the firm, signs its admin in and opens the dashboard', async () => {
    const fake = signedOut().answer(authEndpoints.confirmSignup, {}, makeProfile()).install();
    const app = renderAt('/auth/?signup=code-123');
    await waitFor(() => expect(app.pathname()).toBe('/dashboard/accountant/'));
    expect(fake.callsTo(authEndpoints.confirmSignup, {})).toHaveLength(1);
    expect(fake.callsTo(authEndpoints.confirmSignup, {})[0]?.body).toEqual({ code: 'code-123' });
  });

  it('opened again by the admin it created, still signed in, goes straight on', async () => {
    const me = makeProfile();
    const fake = createFakeApi().answer(profileEndpoints.profile, {}, me).answer(authEndpoints.confirmSignup, {}, me).install();
    const app = renderAt('/auth/?signup=used-code');
    await waitFor(() => expect(app.pathname()).toBe('/dashboard/accountant/'));
    expect(fake.callsTo(authEndpoints.confirmSignup, {})[0]?.body).toEqual({ code: 'used-code' });
  });

  it('used or expired, says so and offers to start the sign-up again', async () => {
    signedOut()
      .answer(authEndpoints.confirmSignup, {}, () => ({ status: 400, data: { detail: details.codeUsedOrExpired } }))
      .install();
    const app = renderAt('/auth/?signup=old-code');
    expect(await screen.findByText(details.codeUsedOrExpired)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Herd | Creating your firm'));
    await userEvent.click(screen.getByRole('button', { name: 'Start the sign-up again' }));
    await waitFor(() => expect(app.pathname()).toBe('/auth/free-trial/'));
    expect(await screen.findByRole('button', { name: 'Start free trial' })).toBeInTheDocument();
  });
});
