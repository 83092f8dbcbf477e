import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { badValue, notFound } from './errors.js';
import { tenantOf } from './gateway.js';
import { metadataUrl, present } from './odata.js';
import { isoSeconds, type Collection, type KarbonTenant } from './tenant.js';
import type { JsonObject } from './types.js';
import { bodyObject, onlyFields, requireDateTime, requireStrings } from './validate.js';

/** The OpenAPI's NoteRequest: a note reaches a client's timeline through `Timelines[{EntityType, EntityKey}]`. */
const FIELDS = ['Subject', 'Body', 'AuthorEmailAddress', 'AssigneeEmailAddress', 'DueDate', 'TodoDate', 'Timelines'];
const ENTITY_COLLECTIONS: Record<string, Collection | undefined> = { WorkItem: 'WorkItems', Contact: 'Contacts', Organization: 'Organizations', ClientGroup: undefined };

function checkTimelines(tenant: KarbonTenant, timelines: unknown): void {
  if (timelines === undefined) return;
  if (!Array.isArray(timelines)) throw badValue('Timelines must be an array of {EntityType, EntityKey}.');
  for (const entry of timelines as unknown[]) {
    const { EntityType: type, EntityKey: key } = (entry ?? {}) as JsonObject;
    if (typeof type !== 'string' || !(type in ENTITY_COLLECTIONS)) throw badValue('Timelines EntityType must be WorkItem, Contact, Organization or ClientGroup.');
    const collection = ENTITY_COLLECTIONS[type];
    // Client groups are not simulated, so a ClientGroup timeline never resolves.
    if (typeof key !== 'string' || !collection || !tenant.get(collection, key)) throw notFound(`No ${type} found for provided key`);
  }
}

/**
 * A note as the reference's NoteResponse has it. The reference requires `AssigneeEmailAddress` in
 * every answer but says nothing of a note without one: it is answered empty then. The note's
 * `CreatedDate` is kept (the control API shows it) but not answered: NoteResponse has no such field.
 */
const noteAnswer = (request: FastifyRequest, note: JsonObject): JsonObject => ({
  '@odata.context': metadataUrl(request, 'Notes/$entity'),
  ...present(note, ['Id', 'Subject', 'Body', 'AuthorEmailAddress', 'DueDate', 'TodoDate', 'Timelines']),
  AssigneeEmailAddress: typeof note.AssigneeEmailAddress === 'string' ? note.AssigneeEmailAddress : '',
  Comments: [],
});

/** `POST /v3/Notes` (201 with the note and its Id) and `GET /v3/Notes/{Id}`. */
export const noteRoutes: FastifyPluginAsync = async (app) => {
  app.post('/Notes', async (request, reply) => {
    const tenant = tenantOf(request);
    const body = bodyObject(request.body, 'Note');
    onlyFields(body, FIELDS, 'Note');
    requireStrings(body, ['Subject', 'Body', 'AuthorEmailAddress']);
    requireDateTime(body, 'DueDate', true);
    requireDateTime(body, 'TodoDate', true);
    checkTimelines(tenant, body.Timelines);
    const note = tenant.insert('Notes', { ...body, Timelines: body.Timelines ?? [], CreatedDate: isoSeconds(tenant.now()) });
    return reply.status(201).send(noteAnswer(request, note));
  });
  app.get<{ Params: { id: string } }>('/Notes/:id', async (request) => {
    const note = tenantOf(request).get('Notes', request.params.id);
    if (!note) throw notFound('No Note found for provided key');
    return noteAnswer(request, note);
  });
};
