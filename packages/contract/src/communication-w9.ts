import { z } from 'zod';
import { optionalText, requiredText } from './fields.js';
import { messages } from './messages.js';
import { storedFile } from './people.js';

/**
 * A vendor's W-9 as the client gives it: the form's fields, or a signed form
 * uploaded first with `storage/file/create/`. The TIN (taxpayer
 * identification number) is a Social Security number (`123-45-6789`) or an
 * Employer Identification Number (`12-3456789`); nine digits alone are taken
 * as the kind the form names.
 */

/** A W-9's federal tax classification (line 3a of the form; an LLC says how it is taxed). */
export const W9_TAX_CLASSIFICATIONS = ['INDIVIDUAL', 'C_CORPORATION', 'S_CORPORATION', 'PARTNERSHIP', 'TRUST_ESTATE', 'LLC_C', 'LLC_S', 'LLC_P', 'OTHER'] as const;
export type W9TaxClassification = (typeof W9_TAX_CLASSIFICATIONS)[number];

/** Which number a TIN is: a person's Social Security number or a business's Employer Identification Number. */
export const W9_TIN_KINDS = ['SSN', 'EIN'] as const;
export type W9TinKind = (typeof W9_TIN_KINDS)[number];

const SSN_SHAPE = /^\d{3}-\d{2}-\d{4}$/;
const EIN_SHAPE = /^\d{2}-\d{7}$/;

/** The TIN's nine digits when it is a number of that kind, else null (an SSN's area 000, 666 or 9xx, group 00 or serial 0000 are never issued; nor is an EIN prefix 00). */
export const parseTin = (input: string, kind: W9TinKind): string | null => {
  const value = input.trim();
  const shaped = /^\d{9}$/.test(value) || (kind === 'SSN' ? SSN_SHAPE : EIN_SHAPE).test(value);
  if (!shaped) return null;
  const digits = value.replaceAll('-', '');
  if (kind === 'EIN') return digits.startsWith('00') ? null : digits;
  const [area, group, serial] = [digits.slice(0, 3), digits.slice(3, 5), digits.slice(5)];
  if (area === '000' || area === '666' || area.startsWith('9') || group === '00' || serial === '0000') return null;
  return digits;
};

/** The TIN written as the form prints it. */
export const formatTin = (digits: string, kind: W9TinKind) =>
  kind === 'SSN' ? `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}` : `${digits.slice(0, 2)}-${digits.slice(2)}`;

/** The TIN as every answer shows it: only its last four digits. */
export const maskTin = (last4: string, kind: W9TinKind) => (kind === 'SSN' ? `***-**-${last4}` : `**-***${last4}`);

export const W9_TIN_EXAMPLES: Record<W9TinKind, string> = { SSN: '123-45-6789', EIN: '12-3456789' };

/** The form's fields. Every line of the form that identifies the payee is required; the business name is not (a person has none). */
export const w9FormAnswer = z
  .object({
    legal_name: requiredText('Legal name', 255),
    business_name: optionalText('Business name', 255).default(''),
    tax_classification: z.enum(W9_TAX_CLASSIFICATIONS, { error: messages.notValid('Federal tax classification') }),
    address_line: requiredText('Address', 255),
    city: requiredText('City', 100),
    state: requiredText('State', 50),
    postal_code: requiredText('ZIP code', 20),
    tin_kind: z.enum(W9_TIN_KINDS, { error: messages.notValid('TIN kind') }),
    tin: requiredText('TIN', 20),
  })
  .superRefine((value, ctx) => {
    if (parseTin(value.tin, value.tin_kind) === null) {
      ctx.addIssue({ code: 'custom', path: ['tin'], message: `TIN is not a valid ${value.tin_kind} (write it as ${W9_TIN_EXAMPLES[value.tin_kind]}).` });
    }
  });
export type W9FormAnswer = z.infer<typeof w9FormAnswer>;

/** A W-9 as answers show it: the TIN masked (`***-**-6789`). */
export const communicationW9 = z.object({
  legal_name: z.string(),
  business_name: z.string(),
  tax_classification: z.enum(W9_TAX_CLASSIFICATIONS).nullable(),
  address_line: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  tin_kind: z.enum(W9_TIN_KINDS).nullable(),
  tin_masked: z.string().nullable(),
  signed_form: storedFile.nullable(),
  submitted_at: z.string(),
});
export type CommunicationW9 = z.infer<typeof communicationW9>;

/** The accountant's reveal: the whole TIN, written to the audit log each time. */
export const w9Reveal = z.object({ communication: z.number(), tin_kind: z.enum(W9_TIN_KINDS), tin: z.string() });
