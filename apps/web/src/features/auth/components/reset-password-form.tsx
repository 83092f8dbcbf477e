import { useState } from 'react';
import { newPasswordBody } from '@herd/contract/auth';
import { PASSWORD_MIN_LENGTH } from '@herd/contract/messages';
import { PlainAlert } from '../../../ui/plain/alert';
import { PlainButton } from '../../../ui/plain/button';
import { TextField } from '../../../ui/plain/text-field';
import { usePlainForm } from '../../../ui/plain/use-plain-form';
import { useFinishPasswordReset } from '../api';

interface ResetPasswordFormProps {
  code: string;
  /** Called with the server's confirmation once the password is set. */
  onDone: (detail: string) => void;
}

/** The form behind a reset email's link (/auth/?reset=<code>). */
export const ResetPasswordForm = ({ code, onDone }: ResetPasswordFormProps) => {
  const form = usePlainForm({ password: newPasswordBody.shape.password });
  const finish = useFinishPasswordReset();
  const [error, setError] = useState<string | null>(null);

  const onValid = ({ password }: { password: string }) => {
    setError(null);
    finish.mutate(
      { code, password },
      {
        onSuccess: ({ detail }) => onDone(detail),
        onError: (err) => setError(form.placeServer(err)),
      },
    );
  };

  return (
    <form name="reset-password" noValidate onSubmit={form.submit(onValid)}>
      <PlainAlert message={error} />
      <TextField
        label="New password"
        field={form.field('password')}
        password
        help={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        autoComplete="new-password"
        autoFocus
      />
      <PlainButton type="submit" block loading={finish.isPending}>
        Set password
      </PlainButton>
    </form>
  );
};
