import { useEffect, useRef, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { unavailable } from '@herd/contract/messages';
import { useInstallation } from '../../../lib/client-config';
import { serverErrorText } from '../../../lib/form-errors';
import { authParams, routes, safeNextPath } from '../../../lib/routes';
import { PlainAlert } from '../../../ui/plain/alert';
import { PlainButton } from '../../../ui/plain/button';
import { Waiting } from '../../../ui/plain/waiting';
import { isMfaChallenge, useMagicLinkSignIn, useSendNewMagicLink } from '../api';
import { MfaStep } from './mfa-step';

interface MagicLinkSignInProps {
  code: string;
  onBackToSignIn: () => void;
}

/**
 * Signs in with the code of an emailed link (/auth/?magic=<code>) and goes on
 * to the dashboard; the server accepts a used link again only from a browser
 * already signed in as its owner. Any other used or expired link offers a
 * fresh one at once.
 */
export const MagicLinkSignIn = ({ code, onBackToSignIn }: MagicLinkSignInProps) => {
  const signIn = useMagicLinkSignIn();
  const [params] = useSearchParams();
  const sendNew = useSendNewMagicLink();
  const [newLinkError, setNewLinkError] = useState<string | null>(null);
  const attempted = useRef<string | null>(null);
  // The link's owner passed their second step: on to where the link leads, as for a link without one.
  const [verified, setVerified] = useState(false);
  const { mutate } = signIn;
  // A new link is offered only where the server said its emails reach people.
  const { emailDelivery } = useInstallation();

  useEffect(() => {
    // A code works once: StrictMode's second effect run must not spend it again.
    if (attempted.current === code) return;
    attempted.current = code;
    mutate(code);
  }, [code, mutate]);

  if (signIn.isPending || signIn.isIdle) {
    return <Waiting>Checking your sign-in link…</Waiting>;
  }

  const back = (
    <PlainButton variant="link" onClick={onBackToSignIn} style={{ paddingInline: 0 }}>
      Back to sign in
    </PlainButton>
  );

  if (signIn.isSuccess && isMfaChallenge(signIn.data) && !verified) {
    return <MfaStep method={signIn.data.mfa_method} onBack={onBackToSignIn} onSignedIn={() => setVerified(true)} />;
  }

  if (signIn.isError) {
    const onSendNew = () => {
      setNewLinkError(null);
      sendNew.mutate(code, { onError: (err) => setNewLinkError(serverErrorText(err)) });
    };
    return (
      <>
        <PlainAlert message={serverErrorText(signIn.error)} />
        {!emailDelivery ? (
          <p className="herd-secondary">{unavailable.emailedLinks}</p>
        ) : sendNew.isSuccess ? (
          <PlainAlert type="success" message={sendNew.data.detail} />
        ) : (
          <>
            <PlainAlert message={newLinkError} />
            <PlainButton block loading={sendNew.isPending} onClick={onSendNew} style={{ marginBottom: 12 }}>
              Email me a new link
            </PlainButton>
          </>
        )}
        {back}
      </>
    );
  }

  // Signed in (or, on a second click, signed in already as the link's owner): on to where the link leads.
  return <Navigate to={safeNextPath(params.get(authParams.next)) ?? routes.dashboard} replace />;
};
