import type Stripe from 'stripe';

/**
 * Stripe's official SDK (`stripe`, the version pinned in package.json, whose types are written for
 * the API version it pins) is the contract the simulator answers in. Two things stand between its
 * types and what travels on the wire, and `Known` settles both:
 *
 * - The SDK's enums are open on purpose (`'active' | … | OtherString`, any string accepted), so an
 *   integration copes with values Stripe adds later. A simulator must only ever send the spellings
 *   the SDK knows: `Known` keeps the literal values of such a union and drops the open `string`, so
 *   `'activ'` or `'cancelled'` fails the type check. A field that is a plain `string` stays one.
 * - Decimal fields (`unit_amount_decimal`) are strings in Stripe's JSON; the SDK reads them into
 *   its `Decimal` class. `Known` types them as the strings the simulator sends.
 *
 * Every other name, optional mark and nesting is the SDK's own, so an object literal built as a
 * `Known<Stripe.X>` fails `tsc` when it misses a field Stripe always sends, names one Stripe does not
 * have, or spells a value differently.
 */
export type Known<T> = { [K in keyof T]: KnownValue<T[K]> };

type LiteralsOf<T> = T extends string ? (string extends T ? never : T) : never;
/** `'a' | 'b' | OtherString | null` → `'a' | 'b' | null`; a union without literals is left as it is. */
type CloseEnum<T> = [LiteralsOf<T>] extends [never] ? T : LiteralsOf<T> | Exclude<T, string>;
type KnownValue<V> =
  CloseEnum<V> extends infer C ? (C extends Stripe.Decimal ? string : C extends readonly (infer U)[] ? KnownValue<U>[] : C extends object ? Known<C> : C) : never;

/** A list as Stripe answers one (`GET /v1/invoices`, a subscription's `items`). */
export type ApiList<T> = Known<Omit<Stripe.ApiList<unknown>, 'data'>> & { data: T[] };

/** Compiles only when `A` can stand where `B` is expected: checks between the simulator's own shapes and the SDK's. */
export type Conforms<A extends B, B> = A;

/**
 * `Object.assign` for the simulator's objects, whose changes are held to the object's own type
 * (a plain `Object.assign` takes any field and any value, so a misspelt status would pass).
 */
export const change = <T extends object>(target: T, changes: Partial<T>): T => Object.assign(target, changes);
