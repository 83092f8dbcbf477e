import { useState } from 'react';
import { emailBody } from '@herd/contract/auth';
import { PlainAlert } from '../../../ui/plain/alert';
import { PlainButton } from '../../../ui/plain/button';
import { TextField } from '../../../ui/plain/text-field';
import { usePlainForm } from '../../../ui/plain/use-plain-form';

interface EmailLinkFormProps {
  name: string;
  intro: string;
  submitLabel: string;
  /** Sends the email; resolves to the server's `detail`, shown as it is. */
  send: (email: string) => Promise<{ detail: string }>;
  pending: boolean;
}

/** One email field that asks the server to mail a link (sign-in link, password reset). */
export const EmailLinkForm = ({ name, intro, submitLabel, send, pending }: EmailLinkFormProps) => {
  const form = usePlainForm({ email: emailBody.shape.email });
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  const onValid = async ({ email }: { email: string }) => {
    setError(null);
    setSent(null);
    try {
      const { detail } = await send(email);
      setSent(detail);
    } catch (err) {
      setError(form.placeServer(err));
    }
  };

  return (
    <form name={name} noValidate onSubmit={form.submit((values) => void onValid(values))}>
      <p className="herd-secondary">{intro}</p>
      <PlainAlert type="success" message={sent} />
      <PlainAlert message={error} />
      <TextField label="Email" field={form.field('email')} type="email" autoComplete="email" inputMode="email" />
      <PlainButton type="submit" block loading={pending}>
        {submitLabel}
      </PlainButton>
    </form>
  );
};
