import { requestTemplateCreateBody, type RequestTemplate, type RequestTemplateCreateBody, type RequestTemplateUpdateBody } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { NotFoundError, ValidationError } from '../../../lib/errors.js';
import { isUniqueViolation } from '../../../lib/pg-errors.js';
import { writeAudit } from '../../../kernel/audit.queries.js';
import type { Actor } from '../../../kernel/actor.js';
import { can, requireFirmActor } from '../../../kernel/permissions.js';
import { deleteTemplate, findTemplate, insertTemplates, listTemplates, nameTaken, updateTemplate, type TemplateWithAuthor } from './request-templates.queries.js';
import type { AppDeps } from '../../../app-deps.js';
import type { NoInput } from '../../../lib/service.js';

const NAME_TAKEN = 'Your firm already has a template with this name.';

const nameOf = (p: { firstName: string | null; lastName: string | null; email: string }) => `${p.firstName ?? ''} ${p.lastName ?? ''}`.trim() || p.email;

const toTemplate = ({ template: t, author }: TemplateWithAuthor): RequestTemplate => ({
  pk: t.pk,
  name: t.name,
  kind: t.kind,
  subject: t.subject,
  text: t.text,
  items: t.items,
  created_by: author ? { pk: author.pk, name: nameOf(author) } : null,
  created_at: t.createdAt.toISOString(),
  updated_at: t.updatedAt.toISOString(),
});

/** Zod issues as the API's field errors (the merged template of an update is checked here, not by the route). */
const fieldErrors = (issues: { path: PropertyKey[]; message: string }[]) => {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) (fields[issue.path.map(String).join('.') || 'detail'] ??= []).push(issue.message);
  return new ValidationError(fields);
};

/** Two saves of one name racing past the check meet the unique index: the loser gets the same field error. */
const refuseDuplicateName = (err: unknown): never => {
  if (isUniqueViolation(err)) throw ValidationError.field('name', NAME_TAKEN);
  throw err;
};

const visibleTemplate = async (db: Db, firmId: number, pk: number) => {
  const row = await findTemplate(db, firmId, pk);
  if (!row) throw new NotFoundError();
  return row;
};

/** Every firm user composes requests, so every one of them lists the firm's templates. */
export const listFirmTemplates = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, _input: NoInput): Promise<RequestTemplate[]> => {
  const firmActor = requireFirmActor(actor);
  return (await listTemplates(db, firmActor.firmId)).map(toTemplate);
};

/** A new template of the firm (FIRM_ADMIN, CLIENT_ADMIN), its name not yet used in the firm. */
export const createTemplate = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, input: RequestTemplateCreateBody): Promise<RequestTemplate> => {
  const firmActor = can.manageRequestTemplates(actor);
  if (await nameTaken(db, firmActor.firmId, input.name, null)) throw ValidationError.field('name', NAME_TAKEN);
  const pk = await db
    .transaction(async (tx) => {
      const [row] = await insertTemplates(tx, [
        { firmId: firmActor.firmId, name: input.name, kind: input.kind, subject: input.subject, text: input.text, items: input.items, createdBy: actor.userId },
      ]);
      await writeAudit(tx, { firmId: firmActor.firmId, actorUserId: actor.userId, action: 'request_template.create', targetType: 'request_template', targetPk: row!.pk });
      return row!.pk;
    })
    .catch(refuseDuplicateName);
  return toTemplate(await visibleTemplate(db, firmActor.firmId, pk));
};

/** Changes a template, checked as a whole once changed (a new kind with the checklist it keeps, say). */
export const changeTemplate = async (
  { db }: Pick<AppDeps, 'db'>,
  actor: Actor,
  { templatePk: pk, ...input }: { templatePk: number } & RequestTemplateUpdateBody,
): Promise<RequestTemplate> => {
  const firmActor = can.manageRequestTemplates(actor);
  const current = await visibleTemplate(db, firmActor.firmId, pk);
  if (Object.keys(input).length === 0) return toTemplate(current);
  const merged = requestTemplateCreateBody.safeParse({
    name: input.name ?? current.template.name,
    kind: input.kind ?? current.template.kind,
    subject: input.subject ?? current.template.subject,
    text: input.text ?? current.template.text,
    items: input.items ?? current.template.items,
  });
  if (!merged.success) throw fieldErrors(merged.error.issues);
  const next = merged.data;
  if (input.name !== undefined && (await nameTaken(db, firmActor.firmId, next.name, pk))) throw ValidationError.field('name', NAME_TAKEN);
  await db
    .transaction(async (tx) => {
      if (!(await updateTemplate(tx, firmActor.firmId, pk, { name: next.name, kind: next.kind, subject: next.subject, text: next.text, items: next.items }))) {
        throw new NotFoundError();
      }
      await writeAudit(tx, {
        firmId: firmActor.firmId,
        actorUserId: actor.userId,
        action: 'request_template.update',
        targetType: 'request_template',
        targetPk: pk,
        details: { fields: Object.keys(input) },
      });
    })
    .catch(refuseDuplicateName);
  return toTemplate(await visibleTemplate(db, firmActor.firmId, pk));
};

/** Deletes a template; requests composed from it were copies and stay as they are. */
export const removeTemplate = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { templatePk: pk }: { templatePk: number }): Promise<void> => {
  const firmActor = can.manageRequestTemplates(actor);
  await db.transaction(async (tx) => {
    if (!(await deleteTemplate(tx, firmActor.firmId, pk))) throw new NotFoundError();
    await writeAudit(tx, { firmId: firmActor.firmId, actorUserId: actor.userId, action: 'request_template.delete', targetType: 'request_template', targetPk: pk });
  });
};
