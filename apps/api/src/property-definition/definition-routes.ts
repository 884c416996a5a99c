import { z } from 'zod';
import type { AppContext } from '../app-context';
import { keyProperty, type ApiRouter } from '../http';
import { AppError } from '../errors';
import { importDefinition } from './import-definition';

const importAnswer = z.object({ Success: z.literal(true), Properties: z.array(z.string()) });

/** `PUT /api/Admin/Definition`: the import of `pnpm property:import`, for integrators. */
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
      body: z.unknown(),
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
}
