import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { addDays, todayIn } from '@hotel/domain/dates';
import { rawRows } from '../../src/database/raw-rows';
import { storedIdempotencyKey } from '../../src/idempotency';
import { aDefinition, aProperty } from '../support/builders';
import { openTestDatabase, type TestDatabase } from '../support/test-database';
import { ADMIN_API_KEY, freePort, killApi, startApi, type ApiProcess, type ApiSettings } from './api-process';
import { startDatabaseProxy, type DatabaseProxy } from './database-proxy';

/**
 * Statements of a booking, as the API sends them, for the proxy to hold: the claim of its
 * Idempotency-Key (the first statement of its transaction), the first write of its rooms (the
 * reservation row and the inventory are already written), its COMMIT (of a transaction that
 * inserted a reservation, not of any other), and the dispatcher marking a mail sent (its
 * `.eml` file is already written).
 */
export const statements = {
  claimIdempotencyKey: /insert into "idempotency_records"/,
  insertReservationRoom: /insert into "reservation_rooms"/,
  insertReservation: /insert into "reservations"/,
  commit: /(?<![\w"])commit\0/,
  markMailSent: /update "mail_outbox" set [^\0]*"status" = [^\0]*"sent_at" = /,
};

/** Everything one fault test runs on: its own database, a proxy in front of it, an API process, a mail folder. */
export type FaultRig = {
  /** The test's own database, reached directly (not through the proxy): for setting up and checking. */
  database: TestDatabase;
  proxy: DatabaseProxy;
  port: number;
  dataDir: string;
  api: ApiProcess;
  /** Starts the API again on the same port and database (after it was killed or stopped). */
  restartApi(options?: Pick<ApiSettings, 'onLine'>): Promise<ApiProcess>;
  close(): Promise<void>;
};

/** `env`: more environment for every start of the API (a payment provider's settings). */
export async function startFaultRig(options: Pick<ApiSettings, 'env'> = {}): Promise<FaultRig> {
  const database = await openTestDatabase({ pool: { writeConnections: 3 } });
  const proxy = await startDatabaseProxy(database.url!);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'hotel-faults-'));
  const port = await freePort();
  const settings = { databaseUrl: proxy.url, dataDir, port, env: options.env };
  const rig: FaultRig = {
    database,
    proxy,
    port,
    dataDir,
    api: await startApi(settings).catch(async (error: unknown) => {
      await proxy.close();
      await database.destroy();
      await rm(dataDir, { recursive: true, force: true });
      throw error;
    }),
    async restartApi(options = {}) {
      rig.api = await startApi({ ...settings, ...options });
      return rig.api;
    },
    async close() {
      await killApi(rig.api);
      await proxy.close();
      await database.destroy();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return rig;
}

/** The hotel of the fault tests: one room type of 40 rooms at a flat 100 a night, paid by card. */
export const faultProperty = aProperty({
  Code: 'FAULT',
  // No hotel notices: the crash test holds the first mail marked sent and expects a guest's confirmation there.
  ReservationsEmail: null,
  RoomTypes: [
    {
      Code: 'STD',
      Name: 'Standard',
      Rooms: Array.from({ length: 40 }, (_, i) => String(101 + i)),
      MaximumOccupancy: 2,
      AdultMaximumOccupancy: 2,
    },
  ],
  RatePlans: [{ Code: 'BAR', Name: 'Flexible', Prices: [{ RoomType: 'STD', BaseRate: 100 }] }],
});

export type BookingTarget = { propertyId: number; roomTypeId: number; ratePlanId: number; today: string };

/** Imports the fault property (or another of code FAULT) through the admin API, as an integrator would, and answers the ids a client would use. */
export async function givenFaultProperty(rig: Pick<FaultRig, 'api' | 'database'>, property = faultProperty): Promise<BookingTarget> {
  const response = await fetch(`${rig.api.base}/api/Admin/Definition`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', 'X-Api-Key': ADMIN_API_KEY },
    body: JSON.stringify(aDefinition(property)),
    signal: AbortSignal.timeout(30_000),
  });
  if (response.status !== 200) throw new Error(`the definition import answered ${response.status}: ${await response.text()}`);
  const [ids] = await rawRows<{ property_id: number; room_type_id: number; rate_plan_id: number }>(
    rig.database.db,
    sql`SELECT p.id AS property_id, rt.id AS room_type_id, rp.id AS rate_plan_id
        FROM properties p JOIN room_types rt ON rt.property_id = p.id JOIN rate_plans rp ON rp.property_id = p.id
        WHERE p.code = 'FAULT'`,
  );
  if (!ids) throw new Error('the fault property was not imported');
  return {
    propertyId: ids.property_id,
    roomTypeId: ids.room_type_id,
    ratePlanId: ids.rate_plan_id,
    today: todayIn(new Date(), 'Europe/London'),
  };
}

/**
 * The n-th booking: one room for two nights, paid with the test card that needs no 3-D Secure.
 * Consecutive bookings share no night (a booking held mid-transaction locks only its own
 * nights), and stays are spread over 200 arrival days, so the 40 rooms never sell out.
 */
export function aFaultBooking(target: BookingTarget, n: number): object {
  const from = addDays(target.today, 14 + 2 * (n % 200));
  const to = addDays(from, 2);
  return {
    LanguageCode: 'en',
    PropertyId: target.propertyId,
    DateFrom: from,
    DateTo: to,
    Booker: {
      FirstName: 'Grace',
      LastName: 'Hopper',
      Email: `guest-${n}@example.com`,
      Phone: '+441234567890',
      CountryId: 826,
    },
    CardDetails: {
      NameOnCard: 'Grace Hopper',
      CardNumber: '4242 4242 4242 4242',
      SecurityCode: '123',
      ExpiryMonth: 12,
      ExpiryYear: new Date().getUTCFullYear() + 3,
      CreditCardTypeId: 1,
    },
    PaymentType: 'PayByCard',
    Rooms: [
      {
        ReservationItemId: 1,
        DateFrom: from,
        DateTo: to,
        RoomTypeId: target.roomTypeId,
        RatePlanId: target.ratePlanId,
        NumberOfAdults: 2,
        NumberOfChildren: 0,
        NumberOfInfants: 0,
        Guests: [{ FirstName: 'Grace', LastName: 'Hopper' }],
        Services: [],
        TotalCost: 200,
      },
    ],
  };
}

/** One attempt at a booking, as its client saw it. */
export type Attempt = {
  key: string;
  attempt: number;
  sentAt: number;
  answeredAt: number;
  /** The HTTP status, or `undefined` when no answer came (connection refused or cut, or the time limit). */
  status: number | undefined;
  retryAfter: string | null;
  reservationNumber: string | undefined;
  error: string | undefined;
};

/** Sends one create with its Idempotency-Key, bounded by `timeoutMs`: an answer, or why there was none. */
export async function sendBooking(base: string, key: string, body: object, attempt: number, timeoutMs: number): Promise<Attempt> {
  const sentAt = Date.now();
  try {
    const response = await fetch(`${base}/api/Reservation/Create`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const answer = (await response.json().catch(() => ({}))) as { ReservationNumber?: string };
    return {
      key,
      attempt,
      sentAt,
      answeredAt: Date.now(),
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      reservationNumber: answer.ReservationNumber,
      error: undefined,
    };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason = (error as Error).name === 'TimeoutError' ? 'timeout' : (cause?.code ?? cause?.message ?? String(error));
    return {
      key,
      attempt,
      sentAt,
      answeredAt: Date.now(),
      status: undefined,
      retryAfter: null,
      reservationNumber: undefined,
      error: reason,
    };
  }
}

export type BookingLoad = {
  attempts: Attempt[];
  /** Bookings answered 2xx so far. */
  booked(): number;
  /** Attempts answered (or not) after `since`, for phase checks. */
  answeredAfter(since: number): Attempt[];
  /** The last attempt of each key. */
  finalAttempts(): Map<string, Attempt>;
  /** Resolves when every client has made all its bookings. */
  done(): Promise<void>;
  /** Lets each client finish the booking it is on (retries included), then resolves. */
  finish(): Promise<void>;
  /** Ends the clients after the attempt each is on, retries abandoned (a failed test must not wait for them). */
  stop(): Promise<void>;
};

/**
 * Clients that book one stay after another, each with its own Idempotency-Key, and retry the
 * same key after a 5xx or no answer until they get a 2xx or a refusal, as a well-behaved
 * integration would (sooner than Retry-After asks, to keep the test short).
 */
export function startBookingLoad(options: {
  base: string;
  target: BookingTarget;
  clients: number;
  /** How many bookings each client makes at most (it stops sooner on `finish()`). */
  bookingsPerClient?: number;
  timeoutMs: number;
  retryDelayMs?: number;
  /** No client keeps retrying one key past this, so a broken API fails the test instead of hanging it. */
  giveUpAfterMs?: number;
}): BookingLoad {
  const attempts: Attempt[] = [];
  let finishing = false;
  let abandoning = false;
  let next = 0;
  const retryDelayMs = options.retryDelayMs ?? 100;
  const giveUpAfterMs = options.giveUpAfterMs ?? 40_000;

  async function client(): Promise<void> {
    for (let made = 0; !finishing && made < (options.bookingsPerClient ?? Infinity); made += 1) {
      const key = randomUUID();
      const body = aFaultBooking(options.target, next++);
      const firstSent = Date.now();
      for (let attempt = 1; ; attempt += 1) {
        const result = await sendBooking(options.base, key, body, attempt, options.timeoutMs);
        attempts.push(result);
        if (result.status !== undefined && result.status < 500) break;
        if (abandoning || Date.now() - firstSent > giveUpAfterMs) break;
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
      }
    }
  }

  const running = Promise.all(Array.from({ length: options.clients }, client));
  return {
    attempts,
    booked: () => attempts.filter((a) => a.status !== undefined && a.status >= 200 && a.status < 300).length,
    answeredAfter: (since) => attempts.filter((a) => a.sentAt >= since),
    finalAttempts() {
      const last = new Map<string, Attempt>();
      for (const attempt of attempts) last.set(attempt.key, attempt);
      return last;
    },
    async done() {
      await running;
    },
    async finish() {
      finishing = true;
      await running;
    },
    async stop() {
      finishing = true;
      abandoning = true;
      await running;
    },
  };
}

/** Polls `condition` every 25 ms until it holds; rejects with `what` (and `explain()`) after `timeoutMs`. */
export async function eventually(
  what: string,
  condition: () => boolean | Promise<boolean>,
  options: { timeoutMs: number; explain?: () => string },
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    if (await condition()) return;
    if (Date.now() > deadline) throw new Error(`not within ${options.timeoutMs} ms: ${what}\n${options.explain?.() ?? ''}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** GET /readyz: its status, or undefined when no answer came within `timeoutMs`. */
export async function readiness(base: string, timeoutMs = 8_000): Promise<number | undefined> {
  return fetch(`${base}/readyz`, { signal: AbortSignal.timeout(timeoutMs) }).then(
    (response) => response.status,
    () => undefined,
  );
}

/**
 * What the database holds that a booking left incomplete or counted wrongly, each list empty
 * when all is well: reservations missing any part a booking writes (its room, lead guest,
 * payment, confirmation e-mail, confirmed state, totals), nights whose sold count differs from
 * the rooms the reservations hold, idempotency keys claimed without a stored answer.
 */
export async function findDamage(database: TestDatabase) {
  const incompleteReservations = await rawRows<Record<string, unknown>>(
    database.db,
    sql`SELECT r.reservation_number, r.status,
          (SELECT count(*) FROM reservation_rooms rr WHERE rr.reservation_id = r.id)::int AS rooms,
          (SELECT count(*) FROM reservation_rooms rr JOIN guests g ON g.reservation_room_id = rr.id AND g.is_lead WHERE rr.reservation_id = r.id)::int AS lead_guests,
          (SELECT count(*) FROM payments p WHERE p.reservation_id = r.id AND p.status = 'succeeded')::int AS payments,
          (SELECT count(*) FROM mail_outbox m WHERE m.reservation_id = r.id AND m.kind = 'booking_confirmation')::int AS confirmations,
          r.total_rooms = (SELECT coalesce(sum(rr.total), 0) FROM reservation_rooms rr WHERE rr.reservation_id = r.id) AS rooms_add_up
        FROM reservations r`,
  ).then((rows) =>
    rows.filter(
      (r) =>
        !(r.status === 'confirmed' && r.rooms === 1 && r.lead_guests === 1 && r.payments === 1 && r.confirmations === 1 && r.rooms_add_up),
    ),
  );
  const miscountedNights = await rawRows<{ night: string; sold: number; booked: number }>(
    database.db,
    sql`WITH booked AS (
          SELECT rr.room_type_id, n.night::date AS night, count(*)::int AS rooms
          FROM reservation_rooms rr
          JOIN reservations r ON r.id = rr.reservation_id AND r.status <> 'cancelled'
          CROSS JOIN LATERAL generate_series(rr.date_from, rr.date_to - 1, interval '1 day') AS n(night)
          WHERE rr.status = 'booked'
          GROUP BY rr.room_type_id, n.night
        )
        SELECT to_char(i.night, 'YYYY-MM-DD') AS night, i.sold, coalesce(b.rooms, 0) AS booked
        FROM room_type_inventory i LEFT JOIN booked b ON b.room_type_id = i.room_type_id AND b.night = i.night
        WHERE coalesce(b.rooms, 0) <> i.sold
        ORDER BY i.night`,
  );
  const unansweredKeys = await rawRows<{ key: string }>(
    database.db,
    sql`SELECT key FROM idempotency_records WHERE response_status IS NULL`,
  );
  return { incompleteReservations, miscountedNights, unansweredKeys };
}

/** The reservation numbers the database holds, and the one each Idempotency-Key booked (by the key as the client sent it). */
export async function committedBookings(database: TestDatabase) {
  const reservations = await rawRows<{ reservation_number: string; created_at: Date }>(
    database.db,
    sql`SELECT reservation_number, created_at FROM reservations`,
  );
  const keys = await rawRows<{ key: string; status: number; number: string }>(
    database.db,
    sql`SELECT key, response_status AS status, response_body->>'ReservationNumber' AS number FROM idempotency_records`,
  );
  const numberByStoredKey = new Map(keys.map((k) => [k.key, k.number]));
  return {
    numbers: reservations.map((r) => r.reservation_number).sort(),
    createdAt: new Map(reservations.map((r) => [r.reservation_number, new Date(r.created_at).getTime()])),
    numberOfKey: (key: string) => numberByStoredKey.get(storedIdempotencyKey(key)),
  };
}

/** The confirmation e-mails: each outbox row of the reservations, and how many `.eml` files name each reservation. */
export async function confirmationMail(rig: FaultRig) {
  const rows = await rawRows<{ reservation_number: string; status: string; attempts: number }>(
    rig.database.db,
    sql`SELECT r.reservation_number, m.status, m.attempts FROM mail_outbox m JOIN reservations r ON r.id = m.reservation_id
        WHERE m.kind = 'booking_confirmation' ORDER BY r.reservation_number`,
  );
  const folder = path.join(rig.dataDir, 'mail');
  const files = await readdir(folder).catch(() => [] as string[]);
  const filesByNumber = new Map<string, number>();
  for (const file of files.filter((name) => name.endsWith('.eml'))) {
    const headers = (await readFile(path.join(folder, file), 'utf8')).split('\r\n\r\n')[0]!.replace(/\r\n[ \t]+/g, ' ');
    const number = /^Subject: Your booking at .*: ([2-9A-Z]{8})$/m.exec(headers)?.[1] ?? `unreadable ${file}`;
    filesByNumber.set(number, (filesByNumber.get(number) ?? 0) + 1);
  }
  return { rows, filesByNumber };
}
