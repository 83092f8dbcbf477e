import { useEffect, useState } from 'react';
import { Alert, Button, Divider, Form, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { TRIAL_DAYS, unavailable, type SignupBody } from '@herd/contract';
import { applyServerErrors, serverErrorText } from '../../../lib/form-errors';
import { routes } from '../../../lib/routes';
import { usePageTitle } from '../../../lib/use-page-title';
import { FormAlert } from '../../../ui/form-alert';
import { useClientConfig, useInstallation } from '../../../lib/client-config';
import { AuthCard } from '../components/auth-card';
import { SignupForm } from '../components/signup-form';
import { XeroAuthLink } from '../components/xero-auth-link';
import { isXeroOffered } from '../../xero/xero-words';
import { OAUTH_LEDGERS } from '../../ledgers/oauth-ledgers';
import { useIntuitSignup } from '../../quickbooks/api';
import { useSignUp } from '../api';

/** The browser's IANA zone, or nothing when it names none (the server then uses its default). */
const browserTimeZone = (): string | undefined => Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;

const FIELDS = ['first_name', 'last_name', 'company_name', 'email', 'password'] as const;

/**
 * /auth/free-trial/: a new firm and its first user. Nothing is created until the
 * emailed link is opened, so success shows "check your email" with the server's
 * words, the same whoever the email belongs to. Where the server said no email
 * leaves this installation, the form is not offered and the page says why.
 */
export const FreeTrialPage = () => {
  usePageTitle('Start a free trial');
  const [form] = Form.useForm<SignupBody>();
  const signUp = useSignUp();
  const [error, setError] = useState<string | null>(null);
  const intuit = useIntuitSignup();
  const clientConfig = useClientConfig();
  // Offered unless the server says QuickBooks Online is not set up there.
  const intuitOffered = clientConfig.data?.quickbooks_signup !== false;
  const xero = clientConfig.data?.xero ?? null;
  // Where no email leaves this installation the emailed link would never arrive: no form, and the truth instead.
  const { emailDelivery } = useInstallation();
  const [params, setParams] = useSearchParams();
  // The server sends the browser back here with `?qbo_error=` when signing up with Intuit failed.
  const [intuitError, setIntuitError] = useState<string | null>(() => params.get(OAUTH_LEDGERS.QBO.returnParams.error));
  useEffect(() => {
    const returned = params.get(OAUTH_LEDGERS.QBO.returnParams.error);
    if (!returned) return;
    setIntuitError(returned);
    setParams({}, { replace: true });
  }, [params, setParams]);

  const signUpWithIntuit = () => {
    setIntuitError(null);
    intuit.mutate(undefined, { onError: (err) => setIntuitError(serverErrorText(err)) });
  };

  const onFinish = (values: SignupBody) => {
    setError(null);
    // The new firm's time zone, for its recurring requests: the browser's own (changeable later in Settings).
    signUp.mutate({ ...values, time_zone: browserTimeZone() }, { onError: (err) => setError(applyServerErrors(form, err, FIELDS)) });
  };

  if (signUp.isSuccess) {
    return (
      <AuthCard title="Check your email" width={520}>
        <FormAlert type="success" message={signUp.data.detail} />
        <Typography.Paragraph>
          We sent it to <Typography.Text strong>{signUp.variables.email}</Typography.Text>. Open the link in it to create {signUp.variables.company_name} and sign in.
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary">Nothing arrived? Check your spam folder, or go back and check the address.</Typography.Paragraph>
        <Button block onClick={() => signUp.reset()}>
          Use a different email
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Start your free trial"
      subtitle={`${TRIAL_DAYS} days of Herd for your whole firm. Set up takes a minute.`}
      width={520}
      footer={
        <Typography.Text type="secondary">
          Already using Herd? <Link to={routes.auth}>Sign in</Link>
        </Typography.Text>
      }
    >
      {intuitError ? <Alert type="error" showIcon title="Signing up with Intuit did not work" description={intuitError} style={{ marginBottom: 20 }} /> : null}
      {intuitOffered ? (
        <>
          <Button block size="large" onClick={signUpWithIntuit} loading={intuit.isPending || intuit.isSuccess}>
            Sign up with Intuit
          </Button>
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', fontSize: 13, textAlign: 'center' }}>
            Your QuickBooks Online company becomes your firm’s first client.
          </Typography.Paragraph>
        </>
      ) : null}
      {/* Only once the server said it has Xero. */}
      {isXeroOffered(xero) ? (
        <div style={{ marginTop: intuitOffered ? 16 : 0 }}>
          <XeroAuthLink action="Sign up" mode={xero} />
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', fontSize: 13, textAlign: 'center' }}>
            Your Xero organisations become your firm’s first clients.
          </Typography.Paragraph>
        </div>
      ) : null}
      {!emailDelivery ? (
        <Alert
          type="info"
          showIcon
          title="Signing up by email isn’t available here"
          description={unavailable.signupByEmail}
          style={{ marginTop: intuitOffered || isXeroOffered(xero) ? 20 : 0 }}
        />
      ) : null}
      {emailDelivery && (intuitOffered || isXeroOffered(xero)) ? <Divider plain>or with your email</Divider> : null}
      {emailDelivery ? <SignupForm form={form} error={error} pending={signUp.isPending} onFinish={onFinish} /> : null}
    </AuthCard>
  );
};
