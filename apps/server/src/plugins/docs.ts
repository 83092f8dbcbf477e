import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the contract's zod schemas, browsable at /api/docs. */
export const registerDocs = async (app: FastifyInstance): Promise<void> => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Herd API',
        version: '1',
        description:
          'Session cookie `sessionid` (`__Host-sessionid` over HTTPS); every POST, PATCH and DELETE also needs the `X-CSRFToken` header set to the `csrftoken` cookie (`__Host-csrftoken`), which changes at sign-in and sign-out, and, from a browser, an Origin of Herd’s own site.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'sessionid' },
          bearer: { type: 'http', scheme: 'bearer', description: 'A generic-ledger API token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
};
