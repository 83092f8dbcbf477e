import { useId, useState, type HTMLAttributes } from 'react';
import { PlainIcon } from './icons';
import type { FieldBinding } from './use-plain-form';
import './plain.css';

interface TextFieldProps {
  label: string;
  field: FieldBinding;
  /** A line under the field saying what it wants ("At least 10 characters."). */
  help?: string;
  /** A password: hidden as typed, with a button that shows it. */
  password?: boolean;
  type?: 'text' | 'email';
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  autoFocus?: boolean;
  autoCapitalize?: string;
  spellCheck?: boolean;
  placeholder?: string;
  maxLength?: number;
}

/**
 * A labelled text field of the plain screens, drawn as antd's vertical Form.Item with a large Input.
 * Its error and help are tied to the input (`aria-describedby`, `aria-invalid`) and spoken when they
 * change (a polite live region), so a screen reader hears what is wrong with the field it is on.
 */
export const TextField = ({ label, field, help, password = false, type = 'text', ...input }: TextFieldProps) => {
  const id = useId();
  const [shown, setShown] = useState(false);
  const below = Boolean(field.error ?? help);
  const belowId = `${id}-below`;
  const control = (
    <input
      {...input}
      ref={field.inputRef}
      id={id}
      name={field.name}
      className="herd-input"
      type={password ? (shown ? 'text' : 'password') : type}
      value={field.value}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={field.onBlur}
      aria-invalid={field.error ? true : undefined}
      aria-describedby={below ? belowId : undefined}
    />
  );
  // An error takes the place of the space under the field (as antd's does); a help line comes on top of it.
  const classes = ['herd-field', field.error && 'herd-field-with-help herd-field-invalid'].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      <label className="herd-field-label" htmlFor={id}>
        {label}
      </label>
      {password ? (
        <span className="herd-input-affix">
          {control}
          {/* Named without the word "password", so the field's label stays the only match for it. */}
          <button
            type="button"
            className="herd-input-reveal"
            aria-label="Show characters"
            aria-pressed={shown}
            aria-controls={id}
            onClick={() => setShown((was) => !was)}
          >
            <PlainIcon name={shown ? 'eye' : 'eyeInvisible'} />
          </button>
        </span>
      ) : (
        control
      )}
      <div id={belowId} aria-live="polite" className={below ? 'herd-field-help' : undefined}>
        {field.error ? <div className="herd-field-error">{field.error}</div> : null}
        {help ? <div>{help}</div> : null}
      </div>
    </div>
  );
};
