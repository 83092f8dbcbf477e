import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mfaDetails, mfaSetupEndpoints, profileEndpoints, type MfaStatus } from '@herd/contract';
import { createFakeApi, makeProfile } from '../../../../test/fake-api';
import { fastUser, findDialog } from '../../../../test/dom';
import { renderPage } from '../../../../test/render-app';
import { routes } from '../../../lib/routes';
import { SettingsPage } from './settings-page';

let userEvent = fastUser();
beforeEach(() => {
  userEvent = fastUser();
});

const LINK = 'otpauth://totp/Herd:avery%40example.com?issuer=Herd&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30';
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`.replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)]!));
const off: MfaStatus = { mfa_method: null, phone_hint: null, recovery_codes_left: 0, mfa_required: false, sms_available: true };
const on: MfaStatus = { mfa_method: 'TOTP', phone_hint: null, recovery_codes_left: 10, mfa_required: false, sms_available: true };

const openSecurity = () => renderPage(<SettingsPage section="accountant" />, { path: `${routes.settings.accountant}?tab=security`, route: routes.settings.accountant });

describe('the security tab', () => {
  it('is there for every firm, one with no feature flag at all (a firm that just signed up)', async () => {
    createFakeApi()
      .answer(profileEndpoints.profile, {}, makeProfile({ feature_flags: [] }))
      .answer(mfaSetupEndpoints.status, {}, off)
      .install();
    openSecurity();
    expect(await screen.findByRole('tab', { name: 'Security' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Set up an authenticator app/ })).toBeInTheDocument();
  });

  it('sets up an authenticator app: QR image and key, a first code, then the ten recovery codes once', async () => {
    let link: string | null = null;
    let status = off;
    const fake = createFakeApi()
      .answer(profileEndpoints.profile, {}, () => ({ status: 200, data: makeProfile({ totp_qr_link: link }) }))
      .answer(mfaSetupEndpoints.status, {}, () => ({ status: 200, data: status }))
      .answer(mfaSetupEndpoints.totpStart, {}, () => {
        link = LINK;
        return { status: 200, data: { totp_qr_link: LINK, secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' } };
      })
      .answer(mfaSetupEndpoints.totpConfirm, {}, ({ body }) => {
        if ((body as { code: string }).code !== '246810') return { status: 400, data: { code: [mfaDetails.wrongCode] } };
        link = null;
        status = on;
        return { status: 200, data: { recovery_codes: CODES } };
      })
      .install();
    openSecurity();
    await userEvent.click(await screen.findByRole('button', { name: /Set up an authenticator app/ }));
    const qr = await screen.findByRole('img', { name: 'QR code to add Herd to your authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();

    const code = screen.getByLabelText('2. Enter the 6-digit code the app shows');
    await userEvent.type(code, '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(mfaDetails.wrongCode)).toBeInTheDocument();
    await userEvent.clear(code);
    await userEvent.type(code, '246 810');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));

    const region = await screen.findByRole('region', { name: 'Recovery codes' });
    for (const c of CODES) expect(within(region).getByText(c)).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: /Download/ })).toBeInTheDocument();
    expect(fake.callsTo(mfaSetupEndpoints.totpConfirm, {}).map((c) => c.body)).toEqual([{ code: '111111' }, { code: '246810' }]);
    await userEvent.click(within(region).getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByText(/Two-step verification is on/)).toBeInTheDocument();
    expect(screen.queryByText(CODES[0]!)).not.toBeInTheDocument();
  });

  it('makes new recovery codes after asking', async () => {
    const fake = createFakeApi()
      .answer(profileEndpoints.profile, {}, makeProfile())
      .answer(mfaSetupEndpoints.status, {}, { ...on, recovery_codes_left: 3 })
      .answer(mfaSetupEndpoints.regenerateRecoveryCodes, {}, { recovery_codes: CODES })
      .install();
    openSecurity();
    expect(await screen.findByText('3 recovery codes left.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Make new recovery codes' }));
    await userEvent.click(within(await findDialog()).getByRole('button', { name: 'Make new codes' }));
    expect(await screen.findByText(CODES[9]!)).toBeInTheDocument();
    await waitFor(() => expect(fake.callsTo(mfaSetupEndpoints.regenerateRecoveryCodes, {})).toHaveLength(1));
  });
});
