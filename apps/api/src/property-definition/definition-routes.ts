import { z } from 'zod';
import type { AppContext } from '../app-context';
import { keyProperty, keyPropertyCode, type ApiRouter } from '../http';
import { AppError } from '../errors';
import { importDefinition } from './import-definition';
import { definitionDocumentSchema } from './definition-schema';
import { readDefinition } from './read-definition';

const importAnswer = z.object({ Success: z.literal(true), Properties: z.array(z.string()) });

/** `PUT /api/Admin/Definition`: the import of `pnpm property:import`, for integrators; `GET` reads a property's back. */
export function registerDefinitionRoutes(api: ApiRouter, context: AppContext): void {
  api.route(
    {
      method: 'put',
      path: '/api/Admin/Definition',
      operationId: 'importPropertyDefinition',
      summary: 'Validate and import a property definition file (all or nothing)',
      tag: 'Admin',
      security: 'adminApiKey',
      scope: 'definition:write',
      // The import parses the file itself, to name every problem by its JSON path (salvaged-definition.ts).
      body: z.unknown(),
      documentedBody: definitionDocumentSchema,
      response: importAnswer,
      errors: {
        400: 'The definition has problems: ModelState lists every one by JSON path; nothing was changed',
        401: 'Missing or wrong API key',
        403: "The key lacks definition:write, or the definition names another property than the key's, a group or exchange rates",
      },
    },
    async ({ body }, req) => {
      const result = await importDefinition(context, body, { checkOnly: false, onlyProperty: keyProperty(req)?.code });
      if (!result.ok) {
        const modelState: Record<string, string[]> = {};
        for (const problem of result.problems) (modelState[problem.path] ??= []).push(problem.message);
        throw new AppError('VALIDATION_FAILED', `The definition has ${result.problems.length} problem(s); nothing was changed.`, {
          modelState,
        });
      }
      return { Success: true as const, Properties: result.summary.properties };
    },
  );

  api.route(
    {
      method: 'get',
      path: '/api/Admin/Definition/{propertyCode}',
      operationId: 'getPropertyDefinition',
      summary:
        "A property's definition as its last import stored it, defaults written out, in a file of its own (no groups, no exchange rates): edit it and PUT it back",
      tag: 'Admin',
      security: 'adminApiKey',
      scope: 'definition:read',
      params: z.object({ propertyCode: z.string().trim().min(1).max(40) }),
      response: definitionDocumentSchema,
      errors: {
        401: 'Missing or wrong API key',
        403: 'The key lacks definition:read, or is for another property',
        404: 'No property has this code, or its definition was not kept in a form that can be read back (PUT it once)',
      },
    },
    ({ params }, req) => readDefinition(context, keyPropertyCode(req, params.propertyCode)),
  );
}
