import { useEffect, useRef } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { unavailable } from '@herd/contract/messages';
import { useInstallation } from '../../../lib/client-config';
import { serverErrorText } from '../../../lib/form-errors';
import { routes } from '../../../lib/routes';
import { PlainAlert } from '../../../ui/plain/alert';
import { PlainButton } from '../../../ui/plain/button';
import { Waiting } from '../../../ui/plain/waiting';
import { useConfirmSignUp } from '../api';

interface SignupConfirmProps {
  code: string;
  onBackToSignIn: () => void;
}

/**
 * Opens an emailed sign-up link (/auth/?signup=<code>): the firm is created
 * and its admin signed in, then the dashboard opens. The same person opening it
 * again while signed in goes straight on; a used or expired link says so and
 * offers to start the sign-up again.
 */
export const SignupConfirm = ({ code, onBackToSignIn }: SignupConfirmProps) => {
  const confirm = useConfirmSignUp();
  const navigate = useNavigate();
  const attempted = useRef<string | null>(null);
  const { mutate } = confirm;
  const { emailDelivery } = useInstallation();

  useEffect(() => {
    // A code works once: StrictMode's second effect run must not spend it again.
    if (attempted.current === code) return;
    attempted.current = code;
    mutate(code);
  }, [code, mutate]);

  if (confirm.isPending || confirm.isIdle) {
    return <Waiting>Creating your firm…</Waiting>;
  }

  if (confirm.isError) {
    return (
      <>
        <PlainAlert message={serverErrorText(confirm.error)} />
        {/* A new sign-up by email is offered only where the server said its emails reach people. */}
        {emailDelivery ? (
          <PlainButton block onClick={() => void navigate(routes.freeTrial)} style={{ marginBottom: 12 }}>
            Start the sign-up again
          </PlainButton>
        ) : (
          <p className="herd-secondary">{unavailable.signupByEmail}</p>
        )}
        <PlainButton variant="link" onClick={onBackToSignIn} style={{ paddingInline: 0 }}>
          Back to sign in
        </PlainButton>
      </>
    );
  }

  return <Navigate to={routes.dashboard} replace />;
};
