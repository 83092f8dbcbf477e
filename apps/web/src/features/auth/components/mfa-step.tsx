import { useCallback, useEffect, useRef, useState } from 'react';
import type { MfaMethod } from '@herd/contract/enums';
import { otpBody, recoveryCodeBody } from '@herd/contract/mfa';
import { serverErrorText } from '../../../lib/form-errors';
import { PlainAlert } from '../../../ui/plain/alert';
import { PlainButton } from '../../../ui/plain/button';
import { TextField } from '../../../ui/plain/text-field';
import { usePlainForm } from '../../../ui/plain/use-plain-form';
import { useMfaVerify, useSendSignInSms } from '../api';

const ASKS: Record<MfaMethod, string> = {
  TOTP: 'Enter the 6-digit code your authenticator app shows for Herd.',
  SMS: 'Enter the 6-digit code we sent to your phone by text message.',
};

interface MfaStepProps {
  method: MfaMethod;
  onBack: () => void;
  /** After the code was right and the profile is in the cache, for a page whose guard does not move on by itself. */
  onSignedIn?: () => void;
}

/**
 * The second step of signing in, after a right password or link of an account with two-step
 * verification: the code (or a recovery code instead). Success puts the profile in the cache and
 * the page's guard moves on.
 */
export const MfaStep = ({ method, onBack, onSignedIn }: MfaStepProps) => {
  const [recovery, setRecovery] = useState(false);
  const codeSchema = (recovery ? recoveryCodeBody : otpBody).shape.code;
  const form = usePlainForm({ code: codeSchema });
  const [error, setError] = useState<string | null>(null);
  const verify = useMfaVerify();
  const sendSms = useSendSignInSms();
  const [smsNote, setSmsNote] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const { mutate: mutateSms } = sendSms;
  const textCode = useCallback(
    () =>
      mutateSms(undefined, {
        onSuccess: (answer) => setSmsNote({ type: 'success', text: answer.detail }),
        onError: (err) => setSmsNote({ type: 'error', text: serverErrorText(err) }),
      }),
    [mutateSms],
  );
  const texted = useRef(false);
  useEffect(() => {
    // The person is waiting for the text: it goes out as this step opens (once, StrictMode or not).
    if (method !== 'SMS' || texted.current) return;
    texted.current = true;
    textCode();
  }, [method, textCode]);

  const onValid = ({ code }: { code: string }) => {
    setError(null);
    // Sent as the server reads it (spaces and dashes dropped), so a retry of the same code is the same request.
    const normalized = codeSchema.parse(code);
    verify.mutate({ code: normalized, recovery, method }, { onSuccess: () => onSignedIn?.(), onError: (err) => setError(form.placeServer(err)) });
  };
  const switchKind = () => {
    setRecovery((value) => !value);
    setError(null);
    form.reset();
  };

  return (
    <form name="mfa-step" noValidate onSubmit={form.submit(onValid)}>
      <h2 className="herd-title-small">Two-step verification</h2>
      <p className="herd-secondary">
        {recovery ? 'Enter one of the recovery codes you saved when you set up two-step verification. Each code works once.' : ASKS[method]}
      </p>
      {method === 'SMS' && !recovery && smsNote ? <PlainAlert type={smsNote.type} message={smsNote.text} /> : null}
      <PlainAlert message={error} />
      {recovery ? (
        <TextField
          key="recovery"
          label="Recovery code"
          field={form.field('code')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="abcde-fghij"
          autoFocus
        />
      ) : (
        <TextField key="otp" label="Code" field={form.field('code')} autoComplete="one-time-code" inputMode="numeric" maxLength={7} placeholder="123456" autoFocus />
      )}
      <PlainButton type="submit" block loading={verify.isPending}>
        Verify
      </PlainButton>
      {method === 'SMS' && !recovery ? (
        <PlainButton variant="link" block onClick={textCode} loading={sendSms.isPending} style={{ marginTop: 8 }}>
          Send the code again
        </PlainButton>
      ) : null}
      <PlainButton variant="link" block onClick={switchKind} style={{ marginTop: method === 'SMS' ? 0 : 8 }}>
        {recovery ? (method === 'SMS' ? 'Use the texted code instead' : 'Use the code from my app instead') : 'Use a recovery code'}
      </PlainButton>
      <PlainButton variant="link" block onClick={onBack}>
        Back to sign in
      </PlainButton>
    </form>
  );
};
