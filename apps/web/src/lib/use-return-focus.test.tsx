import { useEffect, useRef } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useReturnFocus } from './use-return-focus';

/** A field that takes the cursor once it is shown, in an effect, as the transaction editor's first field does. */
const Field = () => {
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  return <input aria-label="Field" ref={field} />;
};

const Panel = ({ open }: { open: boolean }) => {
  useReturnFocus(open);
  return (
    <div>
      <button type="button">Row</button>
      {open ? <Field /> : null}
    </div>
  );
};

describe('useReturnFocus', () => {
  it('gives the focus back to what opened the panel at the moment it closes', () => {
    const view = render(<Panel open={false} />);
    screen.getByRole('button', { name: 'Row' }).focus();
    view.rerender(<Panel open />);
    expect(screen.getByRole('textbox', { name: 'Field' })).toHaveFocus();
    view.rerender(<Panel open={false} />);
    expect(screen.getByRole('button', { name: 'Row' })).toHaveFocus();
  });

  it('leaves the focus where it is when something else took it', () => {
    const view = render(
      <>
        <Panel open />
        <button type="button">Elsewhere</button>
      </>,
    );
    screen.getByRole('button', { name: 'Elsewhere' }).focus();
    view.rerender(
      <>
        <Panel open={false} />
        <button type="button">Elsewhere</button>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
  });
});
