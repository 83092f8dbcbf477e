import { useRef, useState, type FormEvent } from 'react';
import { placeServerErrors } from '../../lib/form-errors';

/** A contract field's schema (`emailField()`, `loginBody.shape.password`…): what it says is what the server would say. */
export interface FieldSchema {
  safeParse: (value: unknown) => { success: true } | { success: false; error: { issues: readonly { message: string }[] } };
}

/** What a `TextField` needs of its form: its value, its error, and the events that check it. */
export interface FieldBinding {
  name: string;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
  onBlur: () => void;
  inputRef: (node: HTMLInputElement | null) => void;
}

const check = (schema: FieldSchema, value: string): string | null => {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'This value is not valid.');
};

/**
 * A small form of text fields for the plain (antd-free) screens, behaving as their antd forms did: a
 * field is checked with its contract schema when it loses focus, and every field when the form is
 * sent; nothing is sent while one is wrong. A field showing an error is checked again as it is
 * corrected, so the message goes once it no longer applies. Sending with a wrong field puts the
 * cursor in the first one. The server's field errors go onto their fields (`placeServer`).
 * `schemas` are read on each render, so a form may swap a field's rule (a recovery code for a code).
 */
export const usePlainForm = <F extends string>(schemas: Record<F, FieldSchema>) => {
  const names = Object.keys(schemas) as F[];
  const empty = () => Object.fromEntries(names.map((name) => [name, ''])) as Record<F, string>;
  const [values, setValues] = useState<Record<F, string>>(empty);
  const [errors, setErrors] = useState<Partial<Record<F, string | null>>>({});
  const inputs = useRef(new Map<F, HTMLInputElement>());

  const field = (name: F): FieldBinding => ({
    name,
    value: values[name],
    error: errors[name] ?? null,
    onChange: (value) => {
      setValues((was) => ({ ...was, [name]: value }));
      if (errors[name]) setErrors((was) => ({ ...was, [name]: check(schemas[name], value) }));
    },
    onBlur: () => setErrors((was) => ({ ...was, [name]: check(schemas[name], values[name]) })),
    inputRef: (node) => {
      if (node) inputs.current.set(name, node);
      else inputs.current.delete(name);
    },
  });

  /** The form's submit handler: checks every field, then hands the values on only when all are right. */
  const submit = (onValid: (values: Record<F, string>) => void) => (event: FormEvent) => {
    event.preventDefault();
    const found = Object.fromEntries(names.map((name) => [name, check(schemas[name], values[name])])) as Record<F, string | null>;
    setErrors(found);
    const first = names.find((name) => found[name]);
    if (first) inputs.current.get(first)?.focus();
    else onValid(values);
  };

  /**
   * Puts a failed call's field errors on the fields of that name (or whose name starts the server's
   * key, `code.0`) and returns the rest, to show above the form; null when every message found a field.
   */
  const placeServer = (error: unknown): string | null => {
    const { fields, rest } = placeServerErrors(error, (key) => names.find((name) => name === key || name === key.split('.')[0]) ?? null);
    if (fields.size > 0) setErrors((was) => ({ ...was, ...Object.fromEntries([...fields].map(([name, messages]) => [name, messages.join(' ')])) }));
    return rest;
  };

  /** Empties every field and its error (another kind of code asked for). */
  const reset = () => {
    setValues(empty());
    setErrors({});
  };

  return { field, submit, placeServer, reset };
};
