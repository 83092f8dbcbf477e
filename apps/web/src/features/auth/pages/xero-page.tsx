import { useEffect, useState } from 'react';
import { unavailable } from '@herd/contract/messages';
import { Link, useSearchParams } from 'react-router';
import { serverErrorText } from '../../../lib/form-errors';
import { useClientConfig } from '../../../lib/client-config';
import { routes } from '../../../lib/routes';
import { usePageTitle } from '../../../lib/use-page-title';
import { PlainAlert } from '../../../ui/plain/alert';
import { PlainButton } from '../../../ui/plain/button';
import { Waiting } from '../../../ui/plain/waiting';
import { mfaMethodOf, useXeroSignIn, useXeroSignUp, xeroSignInParams } from '../../xero/sign-in-api';
import { XERO_SANDBOX_NOTE, xeroLabel } from '../../xero/xero-words';
import { AuthCard } from '../components/auth-card';
import { MfaStep } from '../components/mfa-step';

const BackToSignIn = () => (
  <span className="herd-secondary">
    Rather use your email? <Link to={routes.auth}>Sign in</Link>
  </span>
);

/**
 * /auth/xero/: sign in or sign up with a Xero login. Both leave for Xero; the server brings the
 * browser back signed in, or here with `?xero_error=` (why not) or `?mfa=` (the account's second
 * factor is still to give, on a session the server holds half open). Drawn plain, like /auth/.
 */
export const XeroSignInPage = () => {
  usePageTitle('Sign in with Xero');
  const config = useClientConfig();
  const signIn = useXeroSignIn();
  const signUp = useXeroSignUp();
  const [params, setParams] = useSearchParams();
  // Stays in the address while the step is open: a reload shows it again, as the server still waits for the code.
  const mfa = mfaMethodOf(params.get(xeroSignInParams.mfa));
  // Said once: the address is cleaned so a reload does not say it again.
  const [error, setError] = useState<string | null>(() => params.get(xeroSignInParams.error));
  useEffect(() => {
    const returned = params.get(xeroSignInParams.error);
    if (!returned) return;
    setError(returned);
    const cleaned = new URLSearchParams(params);
    cleaned.delete(xeroSignInParams.error);
    setParams(cleaned, { replace: true });
  }, [params, setParams]);

  if (mfa) {
    const backToXero = () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(xeroSignInParams.mfa);
          return next;
        },
        { replace: true },
      );
    // A right code signs the browser in; the signed-out guard then moves on to the dashboard.
    return (
      <AuthCard title="Signing in with Xero" subtitle="Xero knows who you are; your Herd account also asks for its second step.">
        <MfaStep method={mfa} onBack={backToXero} />
      </AuthCard>
    );
  }

  if (config.isPending) {
    return (
      <AuthCard title="Sign in with Xero">
        <Waiting>Checking how Xero is set up here…</Waiting>
      </AuthCard>
    );
  }

  // Settings that could not be read say nothing either way: the buttons are offered, and the server answers for itself.
  const mode = config.data?.xero ?? 'live';
  if (mode === 'off') {
    return (
      <AuthCard title="Xero is not set up here">
        <p className="herd-secondary">{unavailable.xero}</p>
        <Link to={routes.auth} className="herd-button herd-button-primary herd-button-block">
          Back to sign in
        </Link>
      </AuthCard>
    );
  }

  const leave = (mutation: typeof signIn) => {
    setError(null);
    mutation.mutate(undefined, { onError: (err) => setError(serverErrorText(err)) });
  };
  // Still spinning after the answer: the browser is on its way to Xero.
  const waiting = (mutation: typeof signIn) => mutation.isPending || mutation.isSuccess;

  return (
    <AuthCard title="Sign in with Xero" subtitle="Use your Xero login: no Herd password to remember." footer={<BackToSignIn />}>
      {mode === 'sandbox' ? <p className="herd-secondary">{XERO_SANDBOX_NOTE}</p> : null}
      <PlainAlert message={error} />
      <PlainButton block loading={waiting(signIn)} onClick={() => leave(signIn)}>
        {xeroLabel('Sign in with Xero', mode)}
      </PlainButton>
      <div className="herd-or">New to Herd?</div>
      <PlainButton variant="default" block loading={waiting(signUp)} onClick={() => leave(signUp)}>
        {xeroLabel('Sign up with Xero', mode)}
      </PlainButton>
      <p className="herd-secondary" style={{ margin: '8px 0 0', fontSize: 13, textAlign: 'center' }}>
        Your firm starts a free trial, and your Xero organisations become its first clients.
      </p>
    </AuthCard>
  );
};
