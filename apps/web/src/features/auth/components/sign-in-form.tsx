import { useState } from 'react';
import { loginBody } from '@herd/contract/auth';
import type { MfaMethod } from '@herd/contract/enums';
import { PlainAlert } from '../../../ui/plain/alert';
import { PlainButton } from '../../../ui/plain/button';
import { TextField } from '../../../ui/plain/text-field';
import { usePlainForm } from '../../../ui/plain/use-plain-form';
import { isMfaChallenge, useSignIn } from '../api';
import { MfaStep } from './mfa-step';

/** Email and password. Success puts the profile in the cache; the page's guard then moves on. */
export const SignInForm = ({ notice }: { notice?: string | null }) => {
  const form = usePlainForm({ email: loginBody.shape.email, password: loginBody.shape.password });
  const signIn = useSignIn();
  const [error, setError] = useState<string | null>(null);
  const [mfa, setMfa] = useState<MfaMethod | null>(null);

  const onValid = (values: { email: string; password: string }) => {
    setError(null);
    setMfa(null);
    signIn.mutate(values, {
      onSuccess: (response) => {
        if (isMfaChallenge(response)) setMfa(response.mfa_method);
      },
      onError: (err) => setError(form.placeServer(err)),
    });
  };

  // The password was right; the account also asks for its second factor.
  if (mfa) return <MfaStep method={mfa} onBack={() => setMfa(null)} />;

  return (
    <form name="sign-in" noValidate onSubmit={form.submit(onValid)}>
      {notice && !error ? <PlainAlert type="success" message={notice} /> : null}
      <PlainAlert message={error} />
      <TextField label="Email" field={form.field('email')} type="email" autoComplete="username" inputMode="email" autoFocus />
      <TextField label="Password" field={form.field('password')} password autoComplete="current-password" />
      <PlainButton type="submit" block loading={signIn.isPending}>
        Sign in
      </PlainButton>
    </form>
  );
};
