import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { loginBody } from '@herd/contract/auth';
import { messages } from '@herd/contract/messages';
import { PlainButton } from './button';
import { TextField } from './text-field';
import { usePlainForm } from './use-plain-form';

const SignIn = ({ onValid }: { onValid: (values: { email: string; password: string }) => void }) => {
  const form = usePlainForm({ email: loginBody.shape.email, password: loginBody.shape.password });
  return (
    <form noValidate onSubmit={form.submit(onValid)}>
      <TextField label="Email" field={form.field('email')} type="email" />
      <TextField label="Password" field={form.field('password')} password help="The one you chose." />
      <PlainButton type="submit">Sign in</PlainButton>
    </form>
  );
};

describe('a plain form of text fields', () => {
  it('ties each error to its field and puts the cursor in the first wrong one', async () => {
    const onValid = vi.fn();
    render(<SignIn onValid={onValid} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(messages.required('Email'));
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(`${messages.required('Password')} The one you chose.`);
    expect(email).toHaveFocus();
    expect(onValid).not.toHaveBeenCalled();
  });

  it('checks a field as it loses focus, clears the error as it is corrected, and sends the values once all are right', async () => {
    const onValid = vi.fn();
    render(<SignIn onValid={onValid} />);
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.tab();
    expect(await screen.findByText(messages.notValid('Email'))).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'avery@example.com');
    expect(screen.queryByText(messages.notValid('Email'))).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    await userEvent.type(screen.getByLabelText('Password'), 'a-password{Enter}');
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ email: 'avery@example.com', password: 'a-password' }));
  });

  it('shows a password on request, with a button that says whether it is shown', async () => {
    render(<SignIn onValid={vi.fn()} />);
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    const reveal = screen.getByRole('button', { name: 'Show characters' });
    await userEvent.click(reveal);
    expect(password).toHaveAttribute('type', 'text');
    expect(reveal).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('a plain button', () => {
  it('takes no click while its request runs, and says it is busy', async () => {
    const onClick = vi.fn();
    const { rerender } = render(
      <PlainButton loading onClick={onClick}>
        Send
      </PlainButton>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onClick).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send' })).toHaveAttribute('aria-busy', 'true');
    rerender(<PlainButton onClick={onClick}>Send</PlainButton>);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
