import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { definitionSchema } from '../../src/property-definition';
import { request } from '../support/request';
import { createTestApp, type TestApp } from '../support/test-app';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * A client an integrator could write against types generated from the document: it must
 * typecheck, and the `@ts-expect-error` lines prove the types are real (were they `any`, the
 * unused expectations would be errors).
 */
const clientScript = `
import createClient from 'openapi-fetch';
import type { components, paths } from './api';

const client = createClient<paths>({ baseUrl: 'https://book.example.org' });

export async function propertyThenLogin(): Promise<string> {
  const { data: property, error } = await client.GET('/api/Property/{id}', { params: { path: { id: 'HARBOUR' } } });
  // Not \`if (error)\`: a 431 (or a 304) has no body, so neither data nor a readable error.
  if (!property) return error?.Message ?? 'No answer to read';
  const currency: string = property.Currency;
  // @ts-expect-error a property has no such field
  void property.NoSuchField;

  const login = await client.POST('/api/Account/Authenticate', {
    body: { LanguageCode: 'en', PropertyId: property.PropertyId, EmailAddress: 'ada@example.com', Password: 'correct horse' },
  });
  const account: components['schemas']['ResultWithAccount'] | undefined = login.data;
  // @ts-expect-error Authenticate's body is required
  await client.POST('/api/Account/Authenticate', {});

  const status = await client.GET('/api/Reservation/Status', { params: { query: { propertyId: 1, referenceNumber: 'x'.repeat(24) } } });
  const state: 'PendingPayment' | 'Confirmed' | 'PaymentFailed' | 'Cancelled' | undefined = status.data?.Status;
  return [currency, account?.Message, state].join(' ');
}
`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON Schema walked by field names
type JsonObject = { properties: Record<string, any> };

let t: TestApp;
let dir: string;
let documentPath: string;

beforeAll(async () => {
  t = await createTestApp();
  // Under the API's node_modules, so the script resolves openapi-fetch as an integrator's would.
  dir = await mkdtemp(path.join(apiRoot, 'node_modules', '.generated-client-'));
  documentPath = path.join(dir, 'openapi.json');
  const { body } = await request(t.app).get('/api/openapi.json').expect(200);
  await writeFile(documentPath, JSON.stringify(body));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await t.close();
});

describe('the OpenAPI document, for a generated client', () => {
  it('names every operation, says who may call it, and marks request bodies required', async () => {
    const { body } = await request(t.app).get('/api/openapi.json').expect(200);
    const operations = Object.values(body.paths as Record<string, Record<string, Record<string, unknown>>>).flatMap((item) =>
      Object.values(item),
    );
    expect(operations.length).toBeGreaterThan(25);
    for (const operation of operations) {
      expect(operation.operationId).toMatch(/^[a-z][A-Za-z]+$/);
      expect(operation.security).toBeDefined();
      if (operation.requestBody) expect(operation.requestBody).toMatchObject({ required: true });
    }
    expect(body.paths['/api/Property/{id}'].get.security).toEqual([]);
    // An admin call names the scope a key needs, as an extension and in its description.
    expect(body.paths['/api/Admin/Definition'].put.security).toEqual([{ adminApiKey: [] }]);
    expect(body.paths['/api/Admin/Definition'].put.description).toContain('`definition:write`');
    expect(body.paths['/api/Admin/Definition'].put['x-required-scope']).toBe('definition:write');
    expect(body.components.securitySchemes.adminApiKey.description).toContain('`payments:capture`');
    expect(body.paths['/api/Reservation/Status'].get.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ReservationStatus',
    });
  });

  it('describes the definition PUT takes and GET answers by one component, made from the schema of the file hotels write', async () => {
    const { body } = await request(t.app).get('/api/openapi.json').expect(200);
    const ref = { $ref: '#/components/schemas/PropertyDefinition' };
    expect(body.paths['/api/Admin/Definition'].put.requestBody.content['application/json'].schema).toEqual(ref);
    expect(body.paths['/api/Admin/Definition/{propertyCode}'].get.responses['200'].content['application/json'].schema).toEqual(ref);
    // The JSON Schema of `pnpm property:schema`: the same fields, at the top and in a property.
    const file = z.toJSONSchema(definitionSchema, { io: 'input', target: 'draft-2020-12' }) as JsonObject;
    const component = body.components.schemas.PropertyDefinition as JsonObject;
    expect(Object.keys(component.properties).sort()).toEqual(Object.keys(file.properties).sort());
    expect(Object.keys(component.properties.Properties.items.properties).sort()).toEqual(
      Object.keys(file.properties.Properties.items.properties).sort(),
    );
  });

  it("passes Redocly's recommended rules without an error", async () => {
    const redocly = path.join(apiRoot, 'node_modules', '.bin', 'redocly');
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
    // Exits non-zero on any error; warnings (no licence, a localhost server) do not count.
    await expect(promisify(execFile)(redocly, ['lint', documentPath, '--extends=recommended'], { env })).resolves.toBeDefined();
  }, 60_000);

  it('generates types with openapi-typescript that an openapi-fetch client typechecks against', async () => {
    const { body } = await request(t.app).get('/api/openapi.json').expect(200);
    await writeFile(path.join(dir, 'api.d.ts'), astToString(await openapiTS(body)));
    await writeFile(path.join(dir, 'client.ts'), clientScript);
    const program = ts.createProgram([path.join(dir, 'client.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
      skipLibCheck: true,
    });
    const problems = ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    expect(problems).toEqual([]);
  }, 60_000);
});
