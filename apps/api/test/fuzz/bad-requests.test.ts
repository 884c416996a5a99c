import type { Server } from 'node:http';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { Response } from 'supertest';
import { request } from '../support/request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@hotel/db/schema';
import { issuePath } from '@hotel/domain/model-state';
import { saveCardForUser } from '../../src/payments/saved-cards';
import { rawRows } from '../../src/database/raw-rows';
import { givenUser } from '../account/account-fixture';
import { oneRoomChange } from '../manage-booking/manage-fixture';
import { aBooking, aPreCheckInSave, bookingProperty, bookWithLinks, givenBookingProperty } from '../reservation/reservation-fixture';
import { createTestApp, type TestApp } from '../support/test-app';
import { aDefinition, aProperty, givenDefinition } from '../support/builders';
import {
  cardNumberNeedle,
  describeFindings,
  dumpDatabase,
  findSecrets,
  linkTokensIn,
  securityCodeNeedle,
  textNeedle,
  type Needle,
} from '../support/secret-scan.mjs';
import { opened } from '../support/outbox';

/**
 * Thousands of generated bad requests across every /api route of the OpenAPI document:
 * wrong types, missing and extra fields, huge strings, deep nesting, impossible dates,
 * negative and huge numbers, ids beyond 2^31 and hostile strings; then the account routes
 * and Reservation/Create again with a logged-in user's session cookie, so that their bodies
 * are parsed rather than refused with 401. None may answer 5xx, and the server answers
 * normally afterwards. The requests carry realistic card numbers, security codes and
 * passwords; afterwards none of them, and no session id the app handed out, may be found in
 * the log lines the app wrote or in any table of its database.
 */

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  maxLength?: number;
};
type Parameter = { name: string; in: 'query' | 'path'; required?: boolean; schema: JsonSchema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: { 'application/json': { schema: JsonSchema } } };
  security?: Record<string, string[]>[];
};
type Route = { method: 'get' | 'post' | 'put' | 'delete' | 'patch'; path: string; operation: Operation };

const REQUESTS_PER_ROUTE = 180;
/** The document's reusable schemas, by name. */
let components: Record<string, JsonSchema> = {};
const ADMIN_KEY = 'test-admin-key-0123456789';

/** The logged-in user of the second pass; `plausible` e-mail addresses are theirs, so some logins succeed. */
const USER = { email: 'guest@example.com', password: 'Lantern quay 9081!' };
/** Secrets the generated requests carry, for the scan afterwards: test cards as people type them. */
const SEEDED_CARD_NUMBERS = ['4242 4242 4242 4242', '5555-5555-5555-4444', '378282246310005', '4000000000003220'];
const SEEDED_SECURITY_CODES = ['739', '846', '5902'];
const SEEDED_PASSWORDS = [USER.password, 'Tidal-marsh-5512!', 'copper kettle 8841'];
/** A browser diagnostic that quotes secrets: the log route must take them out before the log. */
/** A token a diagnostic quotes with no name before it. */
const SEEDED_TOKEN = 'Zq3xVbN81kLmPq0rStUvWx-_yz0123456789';
/** Card numbers as people mistype them: doubled spaces, dots, full-width digits. */
const cardVariants = (card: string) => {
  const digits = card.replace(/\D/g, '');
  const groups = digits.match(/.{1,4}/g)!;
  const fullWidth = (text: string) => text.replace(/\d/g, (d) => String.fromCodePoint(0xff10 + Number(d)));
  return [card, groups.join('  '), groups.join('.'), fullWidth(groups.join(' '))];
};
const secretProse = fc
  .tuple(fc.constantFrom(...SEEDED_CARD_NUMBERS.flatMap(cardVariants)), fc.constantFrom(...SEEDED_SECURITY_CODES), fc.nat(2))
  .map(([card, code, form]) =>
    form === 0
      ? `Payment failed for card ${card}, cvv ${code}, security code: ${code}, password=Tidal-marsh-5512!`
      : form === 1
        ? `Card ${card} declined. Password is Tidal-marsh-5512! (try ${code})`
        : `Lost the answer for ${SEEDED_TOKEN}; card ${card}`,
  );

/**
 * Text that is not well-formed UTF-16: each half of a pair alone, a pair the wrong way round,
 * and half a pair at the start, in the middle and at the end of a valid text.
 */
const illFormedTexts = ['\uD800', '\uDFFF', '\uDE00\uD83D', '\uD83DAda', 'A\uDE00da', 'Ada\uD83D'];
const hostileStrings = [
  "' OR 1=1 --",
  "'; DROP TABLE reservations; --",
  '1; SELECT pg_sleep(10)',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '\u0000',
  'a\u0000b',
  ...illFormedTexts,
  '\uFEFF\u202E\u200B',
  '👨‍👩‍👧‍👦🏨',
  'Ω≈ç√∫˜µ≤≥÷',
  '../../../../etc/passwd',
  '%00%27%22',
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '2147483648',
  '9007199254740993',
  '99999999999999999999999999',
  '0x10',
  ' ',
  '',
  'null',
  'true',
  '[]',
  '{}',
];
const impossibleDates = [
  '2027-02-30',
  '2027-02-29',
  '2027-13-01',
  '2027-00-10',
  '2027-04-31',
  '0000-01-01',
  '9999-12-31',
  '9999-12-30',
  '9999-12-01',
  '1900-01-01',
  '2037-03-01',
  '2027/02/30',
  '2027-3-1',
  '27-03-01',
  '2027-03-01T00:00:00Z',
  '2027-03-0١',
];
const hostileNumbers = [
  -1,
  0,
  -0,
  0.5,
  -2147483648,
  2147483647,
  2147483648,
  4294967296,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  123.456,
];

function deepNesting(depth: number, asArray: boolean): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = asArray ? [value] : { a: value };
  return value;
}

/** 45,000 nested brackets, as text: a value this deep cannot be built and serialised by the test itself. */
const deeplyNestedText = '['.repeat(45_000) + ']'.repeat(45_000);

/** Any hostile JSON value: the "wrong type" of every field. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...hostileStrings),
  fc.constantFrom(...impossibleDates),
  fc.constantFrom(...hostileNumbers),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.bigInt({ min: 2n ** 31n, max: 2n ** 70n }).map((n) => Number(n)),
  fc.constantFrom(null, true, false, [], {}, [null], { '': '' }, { __proto__: { polluted: true } }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer({ min: 1_000, max: 60_000 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 20, max: 2_000 }).chain((depth) => fc.boolean().map((asArray) => deepNesting(depth, asArray))),
  fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 }),
);

/** A hostile text, for query strings and path segments. */
const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...hostileStrings),
  fc.constantFrom(...impossibleDates),
  fc.constantFrom(...hostileNumbers.map(String)),
  fc.bigInt({ min: 2n ** 31n, max: 2n ** 80n }).map(String),
  fc.bigInt({ min: -(2n ** 80n), max: -1n }).map(String),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer({ min: 500, max: 6_000 }).map((n) => '9'.repeat(n)),
  fc.integer({ min: 500, max: 6_000 }).map((n) => 'é'.repeat(n)),
);

type Ids = { propertyId: number; roomTypeId: number; ratePlanId: number; savedCardId: number };

/** A value the schema accepts, or close to it, so mutations reach past the first check. */
function plausible(schema: JsonSchema, ids: Ids, name = ''): fc.Arbitrary<unknown> {
  // A named body is a reference to the document's components.
  if (schema.$ref) return plausible(components[schema.$ref.replace('#/components/schemas/', '')] ?? {}, ids, name);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => plausible(s, ids, name)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? 'unknown'];
  const options = types.map((type): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'null':
        return fc.constant(null);
      case 'boolean':
        return fc.boolean();
      case 'integer':
      case 'number': {
        if (/PropertyId/i.test(name)) return fc.constantFrom(ids.propertyId, ids.propertyId + 1);
        if (/RoomTypeId/i.test(name)) return fc.constant(ids.roomTypeId);
        if (/RatePlanId/i.test(name)) return fc.constant(ids.ratePlanId);
        if (/CreditCardId/i.test(name)) return fc.constantFrom(ids.savedCardId, ids.savedCardId + 1);
        const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0);
        const max = Math.min(schema.maximum ?? 100, min + 100);
        return fc.integer({ min, max });
      }
      case 'string': {
        if (schema.pattern?.includes('\\d{4}')) {
          // The last days of the year 9999 as a pair, often enough that a stay there is searched and booked.
          const farFuture = /From|Arrival/i.test(name) ? '9999-12-30' : '9999-12-31';
          return fc.oneof(
            { weight: 3, arbitrary: fc.constantFrom('2027-03-10', '2027-03-13', '2027/03/11', ...impossibleDates) },
            { weight: 1, arbitrary: fc.constant(farFuture) },
          );
        }
        if (/language/i.test(name)) return fc.constant('en');
        if (/mail/i.test(name)) return fc.constant('guest@example.com');
        if (/phone/i.test(name)) return fc.constant('+441234567890');
        if (/CardNumber/i.test(name)) return fc.constantFrom(...SEEDED_CARD_NUMBERS);
        if (/SecurityCode/i.test(name)) return fc.constantFrom(...SEEDED_SECURITY_CODES);
        if (/Password/i.test(name)) return fc.constantFrom(...SEEDED_PASSWORDS);
        if (/^(Message|Details)$/.test(name)) return fc.oneof(secretProse, fc.string({ minLength: 1, maxLength: 20 }));
        return fc.string({ minLength: 1, maxLength: Math.min(schema.maxLength ?? 20, 20) });
      }
      case 'array':
        return fc.array(plausible(schema.items ?? {}, ids, name), {
          minLength: schema.minItems ?? 0,
          maxLength: Math.min(schema.maxItems ?? 3, (schema.minItems ?? 0) + 3),
        });
      case 'object': {
        const entries = Object.entries(schema.properties ?? {});
        const required = new Set(schema.required ?? []);
        return fc.record(Object.fromEntries(entries.map(([key, s]) => [key, plausible(s, ids, key)])), {
          requiredKeys: entries.map(([key]) => key).filter((key) => required.has(key)),
        });
      }
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  });
  return options.length === 1 ? (options[0] as fc.Arbitrary<unknown>) : fc.oneof(...options);
}

/** Replaces, deletes or adds the field at a random path of an object or array. */
function mutateAt(value: unknown, choice: number, action: 'replace' | 'delete' | 'add', replacement: unknown): unknown {
  if (value === null || typeof value !== 'object') return action === 'delete' ? undefined : replacement;
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? [...value] : { ...(value as Record<string, unknown>) };
  const keys = Object.keys(copy);
  if (action === 'add' && (keys.length === 0 || choice % 3 === 0)) {
    (copy as Record<string, unknown>)[`Extra${choice % 7}`] = replacement;
    return copy;
  }
  if (keys.length === 0) return replacement;
  const key = keys[choice % keys.length] as string;
  const child = (copy as Record<string, unknown>)[key];
  const descend = child !== null && typeof child === 'object' && choice % 2 === 1;
  if (descend) (copy as Record<string, unknown>)[key] = mutateAt(child, Math.floor(choice / 2), action, replacement);
  else if (action === 'delete') delete (copy as Record<string, unknown>)[key];
  else (copy as Record<string, unknown>)[key] = replacement;
  return copy;
}

type BadBody = { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; contentType: string };

function badBodies(base: fc.Arbitrary<unknown>): fc.Arbitrary<BadBody> {
  const mutated = fc
    .tuple(
      base,
      fc.nat(),
      fc.constantFrom('replace', 'delete', 'add', 'replace', 'replace') as fc.Arbitrary<'replace' | 'delete' | 'add'>,
      hostileValue,
    )
    .map(([value, choice, action, replacement]) => mutateAt(value, choice, action, replacement));
  const twiceMutated = fc
    .tuple(mutated, fc.nat(), hostileValue)
    .map(([value, choice, replacement]) => mutateAt(value, choice, 'replace', replacement));
  const raw = fc.oneof(
    fc.constantFrom('{', '{"PropertyId":', '[1,2', '{"a":1}}', 'null', 'undefined', "{'a':1}", '\u0000', '{"PropertyId": 1e999}'),
    // Deeper than JSON.stringify can go: whatever measures or logs a body must not recurse into it.
    fc.constantFrom(deeplyNestedText, `{"Level":"error","Message":"deep","Details":${deeplyNestedText}}`),
    fc.string({ unit: 'binary', maxLength: 200 }),
  );
  return fc.oneof(
    { weight: 6, arbitrary: mutated.map((value): BadBody => ({ kind: 'json', value })) },
    { weight: 2, arbitrary: twiceMutated.map((value): BadBody => ({ kind: 'json', value })) },
    { weight: 1, arbitrary: hostileValue.map((value): BadBody => ({ kind: 'json', value })) },
    { weight: 1, arbitrary: raw.map((text): BadBody => ({ kind: 'raw', text, contentType: 'application/json' })) },
    { weight: 1, arbitrary: raw.map((text): BadBody => ({ kind: 'raw', text, contentType: 'text/plain' })) },
  );
}

function queryValue(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

/** Query strings and path segments: the plausible ones with some missing, replaced, doubled or extra. */
function badParameters(parameters: Parameter[], ids: Ids) {
  const query = parameters.filter((p) => p.in === 'query');
  const path = parameters.filter((p) => p.in === 'path');
  const field = (p: Parameter) =>
    fc.oneof(
      { weight: 2, arbitrary: plausible(p.schema, ids, p.name).map(queryValue) },
      { weight: 2, arbitrary: hostileText },
      { weight: 1, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.array(hostileText, { minLength: 2, maxLength: 3 }) },
    );
  return fc.record({
    query: fc.record(Object.fromEntries(query.map((p) => [p.name, field(p)]))),
    extra: fc.option(fc.tuple(fc.constantFrom('extra', '__proto__', 'propertyId[a]', 'q'), hostileText), { nil: undefined }),
    path: fc.record(Object.fromEntries(path.map((p) => [p.name, fc.oneof(hostileText, plausible(p.schema, ids, p.name).map(queryValue))]))),
  });
}

/** Percent-encodes any text; a lone surrogate goes out as bytes that are not UTF-8 at all. */
function encode(text: string): string {
  return Array.from(text, (char) => (/^[\uD800-\uDFFF]$/.test(char) ? '%ED%A0%80' : encodeURIComponent(char))).join('');
}

function encodeQuery(query: Record<string, string | string[] | undefined>, extra: [string, string] | undefined): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
      parts.push(`${encode(key)}=${encode(one)}`);
    }
  }
  if (extra) parts.push(`${encode(extra[0])}=${encode(extra[1])}`);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

let t: TestApp;
let server: Server;
let routes: Route[];
let ids: Ids;
const statuses = new Map<number, number>();
let sent = 0;

const seededNeedles: Needle[] = [
  ...SEEDED_CARD_NUMBERS.map(cardNumberNeedle),
  ...SEEDED_SECURITY_CODES.map(securityCodeNeedle),
  ...SEEDED_PASSWORDS.map((password) => textNeedle('password', password)),
  textNeedle('token', SEEDED_TOKEN),
];
/** The seeded secrets some request really carried: a scan for secrets never sent would prove nothing. */
const sentNeedles = new Set<Needle>();
/** Every session id the app handed out in a Set-Cookie, to either pass. */
const sessionIds = new Set<string>();

/** The logged-in user's cookie (`sid=...`), or undefined once their session has ended. */
let sessionCookie: string | undefined;
let userPasswordHash: string;
let logins = 0;

/** The id inside an express-session cookie value: `s:<id>.<signature>`, percent-encoded. */
function sessionIdOf(cookieValue: string): string | undefined {
  return /^s:(.+)\.[^.]+$/.exec(decodeURIComponent(cookieValue))?.[1];
}

/**
 * Notes the session ids a response hands out and, for a request sent with the user's cookie,
 * follows their session: renewed or replaced by a new cookie, ended by a logout or a 401.
 */
function followSessionCookies(response: Response, withUserCookie: boolean): void {
  const setCookies = (response.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
  for (const line of setCookies) {
    const value = /^sid=([^;]*)/.exec(line)?.[1];
    if (value === undefined) continue;
    const id = sessionIdOf(value);
    if (id) sessionIds.add(id);
    if (withUserCookie) sessionCookie = id ? `sid=${value}` : undefined;
  }
  if (withUserCookie && response.status === 401) sessionCookie = undefined;
}

/**
 * Logs the user in through the API. A fuzzed ChangePassword may have changed their password
 * and the anonymous pass has used up the login limits, so both are put back first.
 */
async function logInAgain(): Promise<string> {
  await t.database.db.update(users).set({ passwordHash: userPasswordHash }).where(eq(users.email, USER.email));
  await t.database.db.execute(sql`DELETE FROM rate_limit_counters`);
  const response = await request(server)
    .post('/api/Account/Authenticate')
    .send({ LanguageCode: 'en', PropertyId: ids.propertyId, EmailAddress: USER.email, Password: USER.password });
  followSessionCookies(response, true);
  if (response.body.Success !== true || !sessionCookie) throw new Error(`the user could not log in: ${response.status}`);
  logins += 1;
  return sessionCookie;
}

beforeAll(async () => {
  t = await createTestApp();
  await givenDefinition(t.context, aDefinition(aProperty()));
  server = t.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const property = await request(server).get('/api/Property/TEST').expect(200);
  const document = await request(server).get('/api/openapi.json').expect(200);
  const user = await givenUser(t, { email: USER.email, password: USER.password });
  const [row] = await rawRows<{ hash: string }>(t.database.db, sql`SELECT password_hash AS hash FROM users WHERE id = ${user.id}`);
  userPasswordHash = row!.hash;
  // A saved card, so that a fuzzed CreditCardId can name one of the user's cards.
  const savedCardId = await t.database.db.transaction((tx) =>
    saveCardForUser(tx, t.context.paymentGateways.byName('test'), user.id, {
      number: '4242424242424242',
      nameOnCard: 'Ada Lovelace',
      expiryMonth: 12,
      expiryYear: 2030,
      securityCode: '739',
    }),
  );
  if (savedCardId === undefined) throw new Error('the test gateway did not save the card');
  ids = { propertyId: property.body.PropertyId, roomTypeId: 1, ratePlanId: 1, savedCardId };
  components = document.body.components.schemas;
  routes = Object.entries(document.body.paths as Record<string, Record<string, Operation>>).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({ method: method as Route['method'], path, operation })),
  );
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

function validSearch(propertyId: number) {
  return {
    PropertyId: propertyId,
    LanguageCode: 'en',
    DateFrom: '2027-03-10',
    DateTo: '2027-03-13',
    Rooms: [{ NumberOfAdults: 2, NumberOfChildren: 0, NumberOfInfants: 0 }],
  };
}

/** A body the route accepts, or close to it. */
function requestBase(route: Route): fc.Arbitrary<unknown> {
  const bodySchema = route.operation.requestBody?.content['application/json'].schema;
  if (route.path === '/api/Admin/Definition') return fc.constant(aDefinition(aProperty({ Code: 'FUZZ', Name: 'Fuzz Hotel' })));
  return bodySchema ? plausible(bodySchema, ids) : fc.constant({});
}

/** Generated requests for one route: bad parameters, a bad body (not for GET), with or without the admin key. */
function requestsFor(route: Route) {
  return fc.record({
    parameters: badParameters(route.operation.parameters ?? [], ids),
    body: route.method === 'get' ? fc.constant(undefined) : badBodies(requestBase(route)),
    adminKey: fc.boolean(),
  });
}

type Sample = ReturnType<typeof requestsFor> extends fc.Arbitrary<infer T> ? T : never;

type FieldPath = (string | number)[];

/** The path of every string field a JSON schema describes, an array's by its first item. */
function stringFieldsOf(schema: JsonSchema, path: FieldPath = [], depth = 0): FieldPath[] {
  if (depth > 20) return [];
  if (schema.$ref) return stringFieldsOf(components[schema.$ref.replace('#/components/schemas/', '')] ?? {}, path, depth + 1);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return [
    ...(types.includes('string') ? [path] : []),
    ...(schema.anyOf ?? []).flatMap((option) => stringFieldsOf(option, path, depth + 1)),
    ...(schema.items ? stringFieldsOf(schema.items, [...path, 0], depth + 1) : []),
    ...Object.entries(schema.properties ?? {}).flatMap(([key, property]) => stringFieldsOf(property, [...path, key], depth + 1)),
  ];
}

/** The path of every string in a value (a body the document does not describe field by field: the admin definition). */
function stringsIn(value: unknown, path: FieldPath = []): FieldPath[] {
  if (typeof value === 'string') return [path];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => stringsIn(item, [...path, Array.isArray(value) ? Number(key) : key]));
}

/** A copy of `value` with `text` at `path`, the objects and arrays on the way made when missing. */
function withTextAt(value: unknown, path: FieldPath, text: string): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return text;
  const copy = (
    typeof head === 'number'
      ? Array.isArray(value)
        ? [...value]
        : []
      : value !== null && typeof value === 'object' && !Array.isArray(value)
        ? { ...value }
        : {}
  ) as Record<string | number, unknown>;
  copy[head] = withTextAt(copy[head], rest, text);
  return copy;
}

/**
 * Bodies the calls that write a booking accept as they are, on a booking property of their own
 * with rooms to spare: a generated body seldom gets past their checks of price and link code,
 * and ill-formed text must reach their writes (where it answered 500 before the edge refused it).
 */
async function acceptedBodies(): Promise<Map<string, unknown>> {
  const roomy = {
    ...bookingProperty,
    RoomTypes: (bookingProperty.RoomTypes as Record<string, unknown>[]).map((type) =>
      type.Code === 'DBL' ? { ...type, Rooms: Array.from({ length: 40 }, (_, i) => String(101 + i)) } : type,
    ),
  };
  const bookingIds = await givenBookingProperty(t, roomy);
  const booked = await bookWithLinks(t, bookingIds);
  const [item] = await rawRows<{ id: number }>(t.database.db, sql`SELECT id FROM reservation_rooms WHERE reservation_id = ${booked.id}`);
  return new Map<string, unknown>([
    ['POST /api/Reservation/Create', aBooking(bookingIds)],
    ['POST /api/ManageBooking/Update', await oneRoomChange(t, bookingIds, { ...booked, itemIds: [] })],
    ['POST /api/PreCheckIn/Save', aPreCheckInSave(bookingIds, booked, item!.id)],
  ]);
}

/**
 * Requests that carry each ill-formed text in one string field of a route, every field in turn
 * (of the body, the query string and the path), the others as `acceptedBody` has them or
 * plausible; and one with an ill-formed key in the body.
 */
function illFormedRequestsFor(route: Route, seed: number, acceptedBody: unknown): (Sample & { field: string; inBodyField: boolean })[] {
  const [sample] = fc.sample(requestsFor(route), { numRuns: 1, seed });
  const plausibleBody = acceptedBody ?? fc.sample(requestBase(route), { numRuns: 1, seed })[0];
  const base = { ...sample!, body: undefined, adminKey: true };
  const bodySchema = route.operation.requestBody?.content['application/json'].schema;
  const bodyFields = route.method === 'get' ? [] : bodySchema ? stringFieldsOf(bodySchema) : stringsIn(plausibleBody);
  const distinct = [...new Map(bodyFields.map((path) => [JSON.stringify(path), path])).values()];
  const parameters = route.operation.parameters ?? [];
  const plausibleParameters = (part: 'query' | 'path') =>
    Object.fromEntries(
      parameters
        .filter((p) => p.in === part)
        .map((p) => [p.name, queryValue(fc.sample(plausible(p.schema, ids, p.name), { numRuns: 1, seed })[0])]),
    );
  const cleanParameters = { query: plausibleParameters('query'), path: plausibleParameters('path'), extra: undefined };
  return illFormedTexts.flatMap((text) => [
    ...distinct.map((path) => ({
      ...base,
      field: issuePath(path),
      inBodyField: true,
      parameters: cleanParameters,
      body: { kind: 'json' as const, value: withTextAt(plausibleBody, path, text) },
    })),
    ...parameters.map((p) => ({
      ...base,
      field: `${p.in} ${p.name}`,
      inBodyField: false,
      parameters: { ...cleanParameters, [p.in]: { ...cleanParameters[p.in], [p.name]: text } },
      body: route.method === 'get' ? undefined : { kind: 'json' as const, value: plausibleBody },
    })),
    ...(route.method === 'get'
      ? []
      : [
          {
            ...base,
            field: 'a key',
            inBodyField: false,
            parameters: cleanParameters,
            body: { kind: 'json' as const, value: { ...(plausibleBody as object), [text]: 1 } },
          },
        ]),
  ]);
}

/** Sends one generated request (with the user's cookie when given) and fails on a 5xx. */
async function send(route: Route, { parameters, body, adminKey }: Sample, cookie?: string): Promise<Response> {
  let url = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encode(String((parameters.path as Record<string, string>)[name] ?? '')));
  url += encodeQuery(parameters.query as Record<string, string | string[] | undefined>, parameters.extra);
  let call = request(server)[route.method](url);
  if (adminKey && route.path.startsWith('/api/Admin')) call = call.set('X-Api-Key', ADMIN_KEY);
  if (cookie) call = call.set('Cookie', cookie);
  let bodyText = '';
  if (body?.kind === 'json' && body.value !== undefined) {
    bodyText = JSON.stringify(body.value);
    call = call.set('Content-Type', 'application/json').send(bodyText);
  } else if (body?.kind === 'raw') {
    bodyText = body.text;
    call = call.set('Content-Type', body.contentType).send(body.text);
  }
  for (const needle of seededNeedles) if (!sentNeedles.has(needle) && needle.pattern.test(url + bodyText)) sentNeedles.add(needle);
  const response = await call;
  sent += 1;
  statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  followSessionCookies(response, cookie !== undefined);
  if (response.status >= 500) {
    throw new Error(`${route.method.toUpperCase()} ${url.slice(0, 300)} answered ${response.status}: ${JSON.stringify(response.body)}`);
  }
  return response;
}

const runs = { numRuns: REQUESTS_PER_ROUTE, seed: Number(process.env.FUZZ_SEED ?? 8), endOnFailure: true };
const nameOf = (route: Route) => `${route.method.toUpperCase()} ${route.path}`;

describe('bad requests on every /api route', () => {
  it('the OpenAPI document lists the routes the fuzzing covers', () => {
    expect(routes.length).toBeGreaterThanOrEqual(30);
    expect(routes.map(nameOf)).toContain('POST /api/Reservation/Create');
  });

  it(`answers ${REQUESTS_PER_ROUTE} generated bad requests per route without a 5xx`, { timeout: 240_000 }, async () => {
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(requestsFor(route), async (sample) => {
          await send(route, sample);
        }),
        runs,
      );
    }
    expect(sent).toBeGreaterThanOrEqual(5_000);
    expect([...statuses.keys()].filter((status) => status >= 500)).toEqual([]);
  });

  it(
    `answers ${REQUESTS_PER_ROUTE} generated bad requests per account route and Reservation/Create with a logged-in session, without a 5xx`,
    { timeout: 240_000 },
    async () => {
      // Every /api/Account call, and the booking, where a logged-in user pays with a saved card or saves one.
      const loggedInRoutes = routes.filter((route) => route.path.startsWith('/api/Account') || route.path === '/api/Reservation/Create');
      const sessionOnly = routes.filter((route) => route.operation.security?.some((scheme) => 'session' in scheme)).map(nameOf);
      expect(sessionOnly).toEqual(
        expect.arrayContaining(['GET /api/Account', 'POST /api/Account/ChangePassword', 'POST /api/Account/Update']),
      );
      const refused = new Map<string, number>();
      const validationFailures = new Map<string, number>();
      for (const route of loggedInRoutes) {
        await fc.assert(
          fc.asyncProperty(requestsFor(route), async (sample) => {
            const cookie = sessionCookie ?? (await logInAgain());
            // The anonymous pass used up the per-address limits: start from zero, so the body is read.
            await t.database.db.execute(sql`DELETE FROM rate_limit_counters`);
            const { status } = await send(route, sample, cookie);
            const counts = status === 401 ? refused : status === 400 ? validationFailures : undefined;
            counts?.set(nameOf(route), (counts.get(nameOf(route)) ?? 0) + 1);
          }),
          runs,
        );
      }
      // Each request carried a live session, so those needing one were parsed, not refused (the
      // reads of the account take no input, or only an optional one, so nothing about them is wrong).
      const readsOnly = ['GET /api/Account', 'GET /api/Account/Reservations'];
      for (const name of sessionOnly) {
        expect(refused.get(name) ?? 0, name).toBe(0);
        if (!readsOnly.includes(name)) expect(validationFailures.get(name) ?? 0, name).toBeGreaterThan(REQUESTS_PER_ROUTE / 2);
      }
      expect([...statuses.keys()].filter((status) => status >= 500)).toEqual([]);
    },
  );

  it(
    'answers text that is not well-formed UTF-16 in every string field of every route, and as a key, with a 4xx (or as usual)',
    // About 1,600 requests: a hang, not a busy machine, is what this catches.
    { timeout: 600_000 },
    async () => {
      let carried = 0;
      const fieldsCarrying = new Set<string>();
      const takenAsSent: string[] = [];
      const accepted = await acceptedBodies();
      for (const route of routes) {
        for (const sample of illFormedRequestsFor(route, runs.seed, accepted.get(nameOf(route)))) {
          // Logged in, so that a call needing a session parses its body rather than refusing it with 401.
          const cookie = sessionCookie ?? (await logInAgain());
          await t.database.db.execute(sql`DELETE FROM rate_limit_counters`);
          const { status } = await send(route, sample, cookie);
          carried += 1;
          fieldsCarrying.add(`${nameOf(route)} ${sample.field}`);
          if (sample.inBodyField && status < 400 && route.path !== '/api/Log') takenAsSent.push(`${nameOf(route)} ${sample.field}`);
        }
      }
      expect(carried).toBeGreaterThanOrEqual(1_500);
      // The fields the issue found answering 500 are among them.
      expect([...fieldsCarrying]).toEqual(
        expect.arrayContaining([
          'POST /api/Reservation/Create BrowserData.UserAgent',
          'POST /api/ManageBooking/Update ReservationItems[0].Guests[0].FirstName',
          'POST /api/PreCheckIn/Save SpecialRequests',
          'POST /api/PreCheckIn/Save Booker.FirstName',
          'GET /api/Property/{id} path id',
          'GET /api/Availability query propertyId',
        ]),
      );
      // A field of a declared body never takes one as it is (a browser diagnostic alone keeps it, replaced).
      expect(takenAsSent).toEqual([]);
      expect([...statuses.keys()].filter((status) => status >= 500)).toEqual([]);
    },
  );

  it('answers normally afterwards: a valid search, a property, the calendar, the logged-in account', async () => {
    const search = await request(server).post('/api/Availability/Search').send(validSearch(ids.propertyId));
    expect(search.status).toBe(200);
    expect(search.body.RoomTypes?.length ?? search.body.length).toBeGreaterThan(0);
    await request(server).get(`/api/Property/${ids.propertyId}`).expect(200);
    await request(server).get(`/api/Availability?propertyId=${ids.propertyId}&fromDate=2027-03-01&toDate=2027-03-31`).expect(200);
    const account = await request(server)
      .get('/api/Account')
      .set('Cookie', sessionCookie ?? (await logInAgain()))
      .expect(200);
    expect(account.body.EmailAddress).toBe(USER.email);
  });

  it('leaves no card number, security code, password, session id or mailed token in the log or in any table', async () => {
    expect(
      seededNeedles.filter((needle) => !sentNeedles.has(needle)).map((needle) => `${needle.kind} ${needle.label}`),
      'seeded secrets no request carried',
    ).toEqual([]);
    expect(sessionIds.size).toBeGreaterThanOrEqual(logins);
    const needles = [...seededNeedles, ...[...sessionIds].map((id) => textNeedle('session id', id))];
    const tables = await dumpDatabase((text) => rawRows(t.database.db, sql.raw(text)));
    for (const table of ['users', 'saved_cards', 'sessions', 'audit_log', 'mail_outbox']) {
      expect(tables.find((dumped) => dumped.name === `table public.${table}`)?.rows, table).toBeGreaterThan(0);
    }
    // Every request that reached the app has its line (Node answers a 431 for an over-long address itself).
    expect(t.logLines.filter((line) => line.includes('"msg":"request completed"')).length).toBeGreaterThanOrEqual(
      sent - (statuses.get(431) ?? 0),
    );
    // The outbox seals the bodies of the links it mails (reset and confirmation links): opened
    // with the outbox key they show which tokens were mailed, and no table may hold one in clear.
    const mails = (await rawRows<{ text: string; html: string }>(t.database.db, sql`SELECT text, html FROM mail_outbox`)).map((row) =>
      opened(t, row),
    );
    const mailedTokens = [...new Set(mails.flatMap((mail) => linkTokensIn(`${mail.text}\n${mail.html}`)))];
    expect(mailedTokens.length).toBeGreaterThan(0);
    const log = { name: 'the log', text: t.logLines.join('\n') };
    const findings = [
      ...findSecrets(needles, [log, ...tables]),
      ...findSecrets(
        mailedTokens.map((token) => textNeedle('mailed link token', token)),
        [log, ...tables],
      ),
    ];
    expect(describeFindings(findings)).toBe('');
  });
});
