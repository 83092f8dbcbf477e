import { useEffect, useRef } from 'react';
import { Button, Flex, Spin, Typography } from 'antd';
import { Navigate, useNavigate } from 'react-router';
import { serverErrorText } from '../../../lib/form-errors';
import { routes } from '../../../lib/routes';
import { FormAlert } from '../../../ui/form-alert';
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

  useEffect(() => {
    // A code works once: StrictMode's second effect run must not spend it again.
    if (attempted.current === code) return;
    attempted.current = code;
    mutate(code);
  }, [code, mutate]);

  if (confirm.isPending || confirm.isIdle) {
    return (
      <Flex vertical align="center" gap={12} style={{ padding: '24px 0' }} role="status">
        <Spin size="large" />
        <Typography.Text type="secondary">Creating your firm…</Typography.Text>
      </Flex>
    );
  }

  if (confirm.isError) {
    return (
      <>
        <FormAlert message={serverErrorText(confirm.error)} />
        <Button type="primary" block onClick={() => navigate(routes.freeTrial)} style={{ marginBottom: 12 }}>
          Start the sign-up again
        </Button>
        <Button type="link" onClick={onBackToSignIn} style={{ paddingInline: 0 }}>
          Back to sign in
        </Button>
      </>
    );
  }

  return <Navigate to={routes.dashboard} replace />;
};
