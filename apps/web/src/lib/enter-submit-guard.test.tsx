import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { countFormFields, useEnterSubmitGuard } from './enter-submit-guard';

const Guard = () => {
  useEnterSubmitGuard();
  return null;
};

/** An antd form with a submit button, as the app writes them, under the app's guard. */
const renderForm = (fields: Array<{ label: string; password?: boolean }>, onFinish: () => void) =>
  render(
    <>
      <Guard />
      <Form aria-label="Form" onFinish={onFinish}>
        {fields.map(({ label, password }) => (
          <Form.Item key={label} name={label} label={label}>
            {password ? <Input.Password /> : <Input />}
          </Form.Item>
        ))}
        <Button htmlType="submit">Send</Button>
      </Form>
    </>,
  );

describe('Enter in a form', () => {
  it('does not send a form of several fields from a text field; its button still does', async () => {
    const onFinish = vi.fn();
    renderForm([{ label: 'Subject' }, { label: 'Vendor' }], onFinish);
    await userEvent.type(screen.getByLabelText('Subject'), 'W-9{Enter}');
    await userEvent.type(screen.getByLabelText('Vendor'), 'Acme{Enter}');
    expect(onFinish).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(onFinish).toHaveBeenCalledWith({ Subject: 'W-9', Vendor: 'Acme' }));
  });

  it('sends a form whose only field it is', async () => {
    const onFinish = vi.fn();
    renderForm([{ label: 'Search' }], onFinish);
    await userEvent.type(screen.getByLabelText('Search'), 'acme{Enter}');
    await vi.waitFor(() => expect(onFinish).toHaveBeenCalledWith({ Search: 'acme' }));
  });

  it('sends from a password field, where signing in ends', async () => {
    const onFinish = vi.fn();
    renderForm([{ label: 'Email' }, { label: 'Password', password: true }], onFinish);
    await userEvent.type(screen.getByLabelText('Email'), 'a@example.com{Enter}');
    expect(onFinish).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Password'), 'secret{Enter}');
    await vi.waitFor(() => expect(onFinish).toHaveBeenCalledWith({ Email: 'a@example.com', Password: 'secret' }));
  });
});

describe('countFormFields', () => {
  it('counts what a person fills: a radio group once, buttons, hidden, file and disabled inputs not at all', () => {
    const form = document.createElement('form');
    form.innerHTML = `
      <input type="radio" name="kind" value="a"><input type="radio" name="kind" value="b">
      <input type="text"><textarea></textarea><select><option>x</option></select>
      <input type="hidden"><input type="file"><input type="text" disabled><button>Send</button>`;
    expect(countFormFields(form)).toBe(4);
  });
});
