import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Flex, Spin, Typography } from 'antd';
import { Navigate, useSearchParams } from 'react-router';
import { serverErrorText } from '../../../lib/form-errors';
import { authParams, routes, safeNextPath } from '../../../lib/routes';
import { FormAlert } from '../../../ui/form-alert';
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

  useEffect(() => {
    // A code works once: StrictMode's second effect run must not spend it again.
    if (attempted.current === code) return;
    attempted.current = code;
    mutate(code);
  }, [code, mutate]);

  if (signIn.isPending || signIn.isIdle) {
    return (
      <Flex vertical align="center" gap={12} style={{ padding: '24px 0' }} role="status">
        <Spin size="large" />
        <Typography.Text type="secondary">Checking your sign-in link…</Typography.Text>
      </Flex>
    );
  }

  const back = (
    <Button type="link" onClick={onBackToSignIn} style={{ paddingInline: 0 }}>
      Back to sign in
    </Button>
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
        <FormAlert message={serverErrorText(signIn.error)} />
        {sendNew.isSuccess ? (
          <Alert type="success" showIcon title={sendNew.data.detail} style={{ marginBottom: 20 }} />
        ) : (
          <>
            <FormAlert message={newLinkError} />
            <Button type="primary" block loading={sendNew.isPending} onClick={onSendNew} style={{ marginBottom: 12 }}>
              Email me a new link
            </Button>
          </>
        )}
        {back}
      </>
    );
  }

  // Signed in (or, on a second click, signed in already as the link's owner): on to where the link leads.
  return <Navigate to={safeNextPath(params.get(authParams.next)) ?? routes.dashboard} replace />;
};
