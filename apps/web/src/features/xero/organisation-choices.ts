import { placeServerErrors } from '../../lib/form-errors';
import type { SelectClientBody, XeroOrganisation } from './api';

/** Where one organisation goes: a new client company, or one of the firm's (by primary key). */
export type Placement = number | 'new';

export interface OrganisationChoice {
  /** Ticked: placed as `placement`. Left out: disconnected from this consent. */
  included: boolean;
  placement: Placement;
}

/** Each organisation's choice, by its Xero tenant id. */
export type Choices = Readonly<Record<string, OrganisationChoice>>;

/** Every organisation ticked, placed where it is already connected, else where the server suggests, else as a new client company. */
export const initialChoices = (organisations: readonly XeroOrganisation[]): Choices =>
  Object.fromEntries(organisations.map((o) => [o.tenant_id, { included: true, placement: o.connected_company ?? o.suggested_company ?? 'new' }]));

/** What is sent: the ticked organisations, in the grant's order (those left out are disconnected by the server). */
export const selectClientBody = (grant: string, organisations: readonly XeroOrganisation[], choices: Choices): SelectClientBody => ({
  grant,
  choices: organisations
    .filter((o) => choices[o.tenant_id]?.included)
    .map((o) => {
      const placement = choices[o.tenant_id]?.placement ?? 'new';
      return { tenant_id: o.tenant_id, client_company: placement === 'new' ? null : placement };
    }),
});

/** The companies other ticked organisations go to: a company takes one organisation, so these are not offered again. */
export const takenElsewhere = (tenantId: string, choices: Choices): ReadonlySet<number> =>
  new Set(
    Object.entries(choices)
      .filter(([other, choice]) => other !== tenantId && choice.included && choice.placement !== 'new')
      .map(([, choice]) => choice.placement as number),
  );

/**
 * A refused placement: `choices.<i>.…` belongs to the i-th organisation sent and is said under it;
 * anything else (the `detail`, the grant) is `rest`, said above the list.
 */
export const placementErrors = (error: unknown, sent: SelectClientBody): { byOrganisation: Record<string, string>; rest: string | null } => {
  const { fields, rest } = placeServerErrors(error, (key) => sent.choices[Number(/^choices\.(\d+)(\.|$)/.exec(key)?.[1] ?? NaN)]?.tenant_id ?? null);
  return { byOrganisation: Object.fromEntries([...fields].map(([tenantId, messages]) => [tenantId, [...new Set(messages)].join(' ')])), rest };
};
