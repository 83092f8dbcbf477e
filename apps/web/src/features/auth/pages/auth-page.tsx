import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { unavailable } from '@herd/contract/messages';
import { useInstallation, useXeroMode } from '../../../lib/client-config';
import { authParams, routes } from '../../../lib/routes';
import { usePageTitle } from '../../../lib/use-page-title';
import { TabStrip } from '../../../ui/tab-strip';
import { AuthCard } from '../components/auth-card';
import { EmailLinkForm } from '../components/email-link-form';
import { MagicLinkSignIn } from '../components/magic-link-sign-in';
import { ResetPasswordForm } from '../components/reset-password-form';
import { SignupConfirm } from '../components/signup-confirm';
import { EmailChangeConfirm } from '../components/email-change-confirm';
import { SignInForm } from '../components/sign-in-form';
import { XeroAuthLink } from '../components/xero-auth-link';
import { isXeroOffered } from '../../xero/xero-words';
import { useRequestPasswordReset, useSendMagicLink } from '../api';

type View = 'password' | 'magic-link' | 'forgot';

const FreeTrialFooter = () => (
  <span className="herd-secondary">
    New to Herd? <Link to={routes.freeTrial}>Start a free trial</Link>
  </span>
);

/**
 * /auth/: sign in by password or emailed link, reset a password; also the landing of emailed links.
 * The emailed ways in are offered only where the server said its emails reach people.
 */
export const AuthPage = () => {
  const [params, setParams] = useSearchParams();
  const [view, setView] = useState<View>('password');
  const [notice, setNotice] = useState<string | null>(null);
  const sendMagicLink = useSendMagicLink();
  const requestReset = useRequestPasswordReset();
  const magic = params.get(authParams.magic);
  const reset = params.get(authParams.reset);
  const signup = params.get(authParams.signup);
  const emailChange = params.get(authParams.emailChange);
  const xero = useXeroMode();
  // Where no email leaves this installation, the tabs that would email a link say so instead of offering it.
  const { emailDelivery } = useInstallation();
  const noEmail = <p className="herd-secondary">{unavailable.emailedLinks}</p>;

  const dropParam = (name: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(name);
        return next;
      },
      { replace: true },
    );

  const title = reset ? 'Choose a new password' : magic ? 'Signing in' : signup ? 'Creating your firm' : emailChange ? 'Confirming your email' : 'Sign in';
  usePageTitle(title);

  if (reset) {
    return (
      <AuthCard title={title} subtitle="Pick a password you do not use anywhere else.">
        <ResetPasswordForm
          code={reset}
          onDone={(detail) => {
            setNotice(`${detail} You can sign in with it now.`);
            setView('password');
            dropParam(authParams.reset);
          }}
        />
      </AuthCard>
    );
  }

  if (magic) {
    return (
      <AuthCard title={title}>
        <MagicLinkSignIn code={magic} onBackToSignIn={() => dropParam(authParams.magic)} />
      </AuthCard>
    );
  }

  if (signup) {
    return (
      <AuthCard title={title}>
        <SignupConfirm code={signup} onBackToSignIn={() => dropParam(authParams.signup)} />
      </AuthCard>
    );
  }

  if (emailChange) {
    return (
      <AuthCard title={title}>
        <EmailChangeConfirm
          code={emailChange}
          onDone={(detail) => {
            setNotice(detail);
            dropParam(authParams.emailChange);
          }}
          onBackToSignIn={() => dropParam(authParams.emailChange)}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Welcome back" subtitle="Sign in to Herd to see what your clients need from you." footer={<FreeTrialFooter />} width={500}>
      <TabStrip
        activeKey={view}
        onChange={setView}
        style={{ marginTop: -12 }}
        items={[
          { key: 'password', label: 'Sign in', children: <SignInForm notice={notice} /> },
          {
            key: 'magic-link',
            label: 'Email me a sign-in link',
            children: !emailDelivery ? (
              noEmail
            ) : (
              <EmailLinkForm
                name="magic-link"
                intro="No password needed: we email you a link that signs you in."
                submitLabel="Send link"
                send={(email) => sendMagicLink.mutateAsync(email)}
                pending={sendMagicLink.isPending}
              />
            ),
          },
          {
            key: 'forgot',
            label: 'Forgot password',
            children: !emailDelivery ? (
              noEmail
            ) : (
              <EmailLinkForm
                name="forgot-password"
                intro="Enter your email and we will send you a link to choose a new password."
                submitLabel="Send reset link"
                send={(email) => requestReset.mutateAsync(email)}
                pending={requestReset.isPending}
              />
            ),
          },
        ]}
      />
      {/* Another way in, offered once the server said it has Xero. */}
      {isXeroOffered(xero) ? (
        <>
          <div className="herd-or">or</div>
          <XeroAuthLink action="Sign in" mode={xero} />
        </>
      ) : null}
    </AuthCard>
  );
};
