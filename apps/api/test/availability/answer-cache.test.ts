import { describe, expect, it } from 'vitest';
import { AnswerCache } from '../../src/availability/answer-cache';

/** A computation that counts how often it ran. */
function counted(answer: object) {
  const compute = async () => {
    compute.runs += 1;
    return answer;
  };
  compute.runs = 0;
  return compute;
}

describe('the answer cache', () => {
  it('keeps an answer from the second time its key is asked, and answers it from then on without computing', async () => {
    const cache = new AnswerCache();
    const compute = counted({ rooms: 2 });
    expect((await cache.answer('search|a', compute)).utf8().toString()).toBe('{"rooms":2}');
    await cache.answer('search|a', compute);
    expect(compute.runs).toBe(2);
    const kept = await cache.answer('search|a', compute);
    expect(compute.runs).toBe(2);
    expect(kept.utf8().toString()).toBe('{"rooms":2}');
    expect(kept.etag).toMatch(/^"[\w-]+"$/);
  });

  it('never keeps a key asked once: a new stay is computed and forgotten', async () => {
    const cache = new AnswerCache();
    const computations = Array.from({ length: 3 }, (_, n) => counted({ n }));
    for (const [n, compute] of computations.entries()) await cache.answer(`search|${n}`, compute);
    expect(computations.map((compute) => compute.runs)).toEqual([1, 1, 1]);
  });

  it('lets requests that arrive together share one computation', async () => {
    const cache = new AnswerCache();
    const compute = counted({ rooms: 1 });
    const answers = await Promise.all(Array.from({ length: 4 }, () => cache.answer('calendar|x', compute)));
    expect(compute.runs).toBe(1);
    expect(new Set(answers.map((answer) => answer.etag)).size).toBe(1);
  });

  it('keeps no more bytes than it may, letting the least recently used answers go', async () => {
    const cache = new AnswerCache(40);
    const ask = (key: string, compute: () => Promise<object>) => cache.answer(key, compute);
    const first = counted({ first: 'x'.repeat(10) });
    const second = counted({ second: 'y'.repeat(10) });
    for (let n = 0; n < 2; n += 1) await ask('k1', first);
    for (let n = 0; n < 2; n += 1) await ask('k2', second);
    // Both kept would be 24 + 27 bytes (JSON and key): more than 40, so the first went.
    await ask('k2', second);
    expect(second.runs).toBe(2);
    await ask('k1', first);
    expect(first.runs).toBe(3);
  });
});
