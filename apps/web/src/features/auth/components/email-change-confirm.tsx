import { useEffect, useRef } from 'react';
import { serverErrorText } from '../../../lib/form-errors';
import { PlainAlert } from '../../../ui/plain/alert';
import { PlainButton } from '../../../ui/plain/button';
import { Waiting } from '../../../ui/plain/waiting';
import { useConfirmEmailChange } from '../api';

interface EmailChangeConfirmProps {
  code: string;
  /** The change is made: back to signing in, with the server's sentence naming the new address. */
  onDone: (detail: string) => void;
  onBackToSignIn: () => void;
}

/**
 * Opens the link mailed to a new email address (/auth/?email-change=<code>): the account's email becomes
 * that address, then the sign-in form shows with a notice. A used or expired link says so.
 */
export const EmailChangeConfirm = ({ code, onDone, onBackToSignIn }: EmailChangeConfirmProps) => {
  const confirm = useConfirmEmailChange();
  const attempted = useRef<string | null>(null);
  const { mutate } = confirm;

  useEffect(() => {
    // A code works once: StrictMode's second effect run must not spend it again.
    if (attempted.current === code) return;
    attempted.current = code;
    mutate(code, { onSuccess: (response) => onDone(response.detail) });
  }, [code, mutate, onDone]);

  if (confirm.isError) {
    return (
      <>
        <PlainAlert message={serverErrorText(confirm.error)} />
        <PlainButton block onClick={onBackToSignIn}>
          Back to sign in
        </PlainButton>
      </>
    );
  }

  return <Waiting>Confirming your new email address…</Waiting>;
};
