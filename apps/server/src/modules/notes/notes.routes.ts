import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bulkNoteBody, note, noteBody } from '@herd/contract';
import { z } from 'zod';
import { requireActor } from '../../plugins/auth.js';
import type { ThreadKind } from './note-targets.js';
import { addNote, addNoteToTransactions, editNote, listThread } from './notes.service.js';

const tags = ['notes'];
const KINDS: ThreadKind[] = ['transaction', 'client-company', 'accountant-company'];
const pkParams = z.object({ pk: z.coerce.number().int().positive() });

export const noteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireActor);
  const { db } = app.deps;

  for (const kind of KINDS) {
    app.get(
      `/accounting/notes/${kind}/:pk/note/list/`,
      { schema: { tags, summary: `The ${kind.replace('-', ' ')}’s note thread`, params: pkParams, response: { 200: z.array(note) } } },
      async (request) => listThread(db, request.actor, kind, request.params.pk),
    );
    app.post(
      `/accounting/notes/${kind}/:pk/note/create/`,
      { schema: { tags, summary: `Write in the ${kind.replace('-', ' ')}’s thread`, params: pkParams, body: noteBody, response: { 201: note } } },
      async (request, reply) => reply.status(201).send(await addNote(app.deps, request.actor, kind, request.params.pk, request.body.body)),
    );
    app.patch(
      `/accounting/notes/${kind}/note/update/:messagePk/`,
      { schema: { tags, summary: 'Edit your own note', params: z.object({ messagePk: z.coerce.number().int().positive() }), body: noteBody, response: { 200: note } } },
      async (request) => editNote(db, request.actor, kind, request.params.messagePk, request.body.body),
    );
  }
  app.post(
    '/accounting/notes/transactions/note/create/',
    { schema: { tags, summary: 'One note to many transactions', body: bulkNoteBody, response: { 201: z.object({ created: z.number() }) } } },
    async (request, reply) =>
      reply.status(201).send(await addNoteToTransactions(db, request.actor, request.body.client_company, request.body.pks, request.body.body)),
  );
};
