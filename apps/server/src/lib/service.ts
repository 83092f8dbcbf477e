/**
 * Every service an endpoint calls has one signature:
 *
 *   `(deps: Pick<AppDeps, …>, actor: Actor | Visitor, input: { …named fields… })`
 *
 * `deps` is what it reaches of the app's dependencies (routes pass `app.deps`), `actor` who is asking
 * (a `Visitor` when nobody is signed in, `kernel/visitor.ts`) and `input` everything the
 * request said: path parameters, query and body, by name. A service whose request says nothing
 * takes `NoInput`, and the route passes `{}`.
 */
export type NoInput = Record<string, never>;
