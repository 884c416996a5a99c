import { describe, expect, it } from 'vitest';
import { whenDatabaseAnswers } from '../../src/database/open-database';
import { createLogger } from '../../src/logger';

const logger = createLogger('silent');
const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
const startingUp = () => Object.assign(new Error('the database system is starting up'), { code: '57P03' });

describe('start-up waits for a database that does not answer yet', () => {
  it('tries again while the server refuses connections or is starting up, then goes on', async () => {
    const failures = [refused(), startingUp(), refused()];
    let tries = 0;
    const answer = await whenDatabaseAnswers(
      async () => {
        tries += 1;
        const failure = failures.shift();
        if (failure) throw failure;
        return 'migrated';
      },
      { logger, waitSeconds: 5, firstPauseMs: 10 },
    );
    expect(answer).toBe('migrated');
    expect(tries).toBe(4);
  });

  it('does not wait on a failure that waiting cannot mend (a wrong password, a missing database)', async () => {
    let tries = 0;
    const wrongPassword = Object.assign(new Error('password authentication failed for user "hotel"'), { code: '28P01' });
    await expect(
      whenDatabaseAnswers(
        async () => {
          tries += 1;
          throw wrongPassword;
        },
        { logger, waitSeconds: 5, firstPauseMs: 10 },
      ),
    ).rejects.toBe(wrongPassword);
    expect(tries).toBe(1);
  });

  it('gives up with the last failure once DATABASE_WAIT_SECONDS have passed', async () => {
    let tries = 0;
    const started = Date.now();
    await expect(
      whenDatabaseAnswers(
        async () => {
          tries += 1;
          throw refused();
        },
        { logger, waitSeconds: 1, firstPauseMs: 100 },
      ),
    ).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(tries).toBeGreaterThanOrEqual(3);
  });
});
