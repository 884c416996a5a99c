import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onRealPostgres, openTestDatabase, type TestDatabase } from '../support/test-database';
import { freePort, killApi, startApi, type ApiProcess } from './api-process';
import { aFaultBooking, eventually, givenFaultProperty, type BookingTarget } from './fault-fixture';

/** The worker processes the primary runs: its node children (tsx may run an esbuild child beside them). */
function workerPids(primary: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(primary), '-x', 'node'], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

function describeWorkers(api: ApiProcess): string {
  return `workers: ${workerPids(api.pid).join(', ') || 'none'}; its last lines:\n${api.output()}`;
}

/**
 * One request on a connection of its own (`agent: false`), so the supervisor hands each to the
 * next worker in turn. fetch would reuse a pooled keep-alive connection, and one to the worker
 * just killed may not yet be known closed: the booking would fail on a dead socket, which says
 * nothing about the replacement worker.
 */
function send(base: string, path: string, body?: object): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${path}`, {
      method: body ? 'POST' : 'GET',
      agent: false,
      headers: { 'Content-Type': 'application/json' },
      timeout: 8_000,
    });
    request.on('timeout', () => request.destroy(new Error('no answer within 8 s')));
    request.on('error', reject);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    request.end(body ? JSON.stringify(body) : undefined);
  });
}

const book = async (base: string, body: object) => (await send(base, '/api/Reservation/Create', body)).status;

describe.runIf(onRealPostgres())('API_WORKERS=2: two HTTP workers under one supervising process', () => {
  let database: TestDatabase;
  let dataDir: string;
  let api: ApiProcess | undefined;
  let target: BookingTarget;
  beforeAll(async () => {
    database = await openTestDatabase({ pool: { writeConnections: 3 } });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'hotel-workers-'));
    api = await startApi({ databaseUrl: database.url!, dataDir, port: await freePort(), env: { API_WORKERS: '2' } });
    target = await givenFaultProperty({ api, database });
  }, 60_000);
  afterAll(async () => {
    await killApi(api);
    for (const pid of api ? workerPids(api.pid) : []) process.kill(pid, 'SIGKILL');
    await database.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('sees a booking made through one worker in the next search and calendar of either', async () => {
    const running = api!;
    await eventually('two workers are running', () => workerPids(running.pid).length === 2, {
      timeoutMs: 90_000,
      explain: () => describeWorkers(running),
    });
    const booking = aFaultBooking(target, 100) as { DateFrom: string; DateTo: string };
    const stay = { PropertyId: target.propertyId, LanguageCode: 'en', DateFrom: booking.DateFrom, DateTo: booking.DateTo };
    const search = { ...stay, Rooms: [{ NumberOfAdults: 2, NumberOfChildren: 0, NumberOfInfants: 0 }] };
    const calendar = `/api/Availability?propertyId=${target.propertyId}&fromDate=${booking.DateFrom}&toDate=${booking.DateFrom}`;
    // Six of each, handed to the two workers in turn: both hold the property's rooms free in memory before the booking.
    const roomsFree = async () => {
      const answers: number[] = [];
      for (let n = 0; n < 6; n += 1) {
        const searched = await send(running.base, '/api/Availability/Search', search);
        expect(searched.status).toBe(200);
        answers.push(
          (JSON.parse(searched.body) as { NumberOfRoomsPerRoomTypeId: Record<string, number> }).NumberOfRoomsPerRoomTypeId[
            String(target.roomTypeId)
          ]!,
        );
        const night = await send(running.base, calendar);
        expect(night.status).toBe(200);
        answers.push((JSON.parse(night.body) as { AvailableRooms: number }[])[0]!.AvailableRooms);
      }
      return answers;
    };
    expect(await roomsFree()).toEqual(Array(12).fill(40));

    expect(await book(running.base, booking)).toBe(200);

    expect(await roomsFree()).toEqual(Array(12).fill(39));
  }, 240_000);

  it('books through both workers, replaces a worker that dies, and stops cleanly on SIGTERM', async () => {
    const running = api!;
    // Generous bounds: each worker compiles the sources with tsx as it starts, slow on a busy CI machine with a cold cache.
    await eventually('two workers are running', () => workerPids(running.pid).length === 2, {
      timeoutMs: 90_000,
      explain: () => describeWorkers(running),
    });
    // Each worker's heap is limited, so V8 collects before its garbage grows to several times what is
    // live, and its old generation starts at 128 MB, so V8 does not mark it all again every 20 MB promoted.
    for (const pid of workerPids(running.pid)) {
      expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')).toEqual(
        expect.arrayContaining(['--max-old-space-size=1024', '--initial-old-space-size=128']),
      );
    }
    const statuses = await Promise.all(Array.from({ length: 8 }, (_, n) => book(running.base, aFaultBooking(target, n))));
    expect(statuses).toEqual(Array(8).fill(200));

    const [first] = workerPids(running.pid);
    process.kill(first!, 'SIGKILL');
    await eventually(
      'the dead worker is replaced',
      () => {
        const pids = workerPids(running.pid);
        return pids.length === 2 && !pids.includes(first!);
      },
      {
        timeoutMs: 90_000,
        explain: () => describeWorkers(running),
      },
    );
    expect(await book(running.base, aFaultBooking(target, 8))).toBe(200);

    const workers = workerPids(running.pid);
    running.kill('SIGTERM');
    expect(await running.exited).toEqual({ code: 0, signal: null });
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
  }, 240_000);
});
