import { fireEvent, render, screen } from '@testing-library/react';
import { Button, Form } from 'antd';
import { describe, expect, it } from 'vitest';
import { PersonFields } from './person-fields';

const labels = () => [...document.querySelectorAll('label')].map((l) => l.textContent);

describe('PersonFields', () => {
  it('puts the email first for an invitation and checks every field with the contract’s messages', async () => {
    render(
      <Form>
        <PersonFields email emailFirst phone autofill="other" />
        <Button htmlType="submit">Send</Button>
      </Form>,
    );
    expect(labels()).toEqual(['Email', 'First name', 'Last name', 'Phone']);
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: 'call me' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByText('First name is required.')).toBeInTheDocument();
    expect(screen.getByText('Last name is required.')).toBeInTheDocument();
    expect(screen.getByText('Phone is not valid.')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveAttribute('autocomplete', 'off');
  });

  it('shows the user’s own address read-only, and lets the browser fill in their details', () => {
    render(
      <Form>
        <PersonFields email={{ readOnly: 'avery@example.com' }} autofill="self" />
      </Form>,
    );
    expect(labels()).toEqual(['First name', 'Last name', 'Email']);
    // Labelled like the others, so a screen reader names the field it reads out.
    expect(screen.getByLabelText('Email')).toHaveValue('avery@example.com');
    expect(screen.getByLabelText('Email')).toBeDisabled();
    expect(screen.getByLabelText('First name')).toHaveAttribute('autocomplete', 'given-name');
    expect(screen.queryByLabelText('Phone')).not.toBeInTheDocument();
  });
});
