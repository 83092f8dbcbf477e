import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authEndpoints, details, profileEndpoints } from '@herd/contract';
import { createFakeApi } from '../../../../test/fake-api';
import { renderAt } from '../../../../test/render-app';

const signedOut = () => createFakeApi().answer(profileEndpoints.profile, {}, () => ({ status: 401, data: { detail: details.notAuthenticated } }));

describe('an emailed email-change link (/auth/?email-change=)', () => {
  it('confirms the new address once and shows the sign-in form saying so', async () => {
    const detail = 'Your email address is now new@example.com. Use it to sign in from now on.';
    const fake = signedOut().answer(authEndpoints.confirmEmailChange, {}, { detail }).install();
    const app = renderAt('/auth/?email-change=code-123');
    expect(await screen.findByText(detail)).toBeInTheDocument();
    expect(fake.callsTo(authEndpoints.confirmEmailChange, {})).toHaveLength(1);
    expect(fake.callsTo(authEndpoints.confirmEmailChange, {})[0]?.body).toEqual({ code: 'code-123' });
    await waitFor(() => expect(app.searchParams().has('email-change')).toBe(false));
  });

  it('used or expired, says so and goes back to signing in', async () => {
    signedOut()
      .answer(authEndpoints.confirmEmailChange, {}, () => ({ status: 400, data: { detail: details.codeUsedOrExpired } }))
      .install();
    renderAt('/auth/?email-change=old-code');
    expect(await screen.findByText(details.codeUsedOrExpired)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Herd | Confirming your email'));
    await userEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('tab', { name: 'Sign in' })).toBeInTheDocument();
  });
});
