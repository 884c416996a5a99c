import { describe, expect, it } from 'vitest';
import { BatchedRead } from '../../src/database/batched-read';

/** A query whose answers the test hands out, one round trip at a time. */
function scriptedQuery() {
  const sent: { keys: string[]; answer: (values: Record<string, number>) => void; fail: (error: Error) => void }[] = [];
  const query = (keys: string[]) =>
    new Promise<Map<string, number>>((resolve, reject) => {
      sent.push({ keys, answer: (values) => resolve(new Map(Object.entries(values))), fail: reject });
    });
  return { sent, query };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('reads batched onto one query started after they asked', () => {
  it('answers the callers of one tick with one query', async () => {
    const { sent, query } = scriptedQuery();
    const reader = new BatchedRead(query);
    const answers = Promise.all([reader.read('a'), reader.read('b'), reader.read('a')]);
    await tick();
    expect(sent.map((q) => q.keys)).toEqual([['a', 'b']]);
    sent[0]!.answer({ a: 1, b: 2 });
    expect(await answers).toEqual([1, 2, 1]);
  });

  it('never answers a caller with a query sent before it asked: it waits for the next one', async () => {
    const { sent, query } = scriptedQuery();
    const reader = new BatchedRead(query);
    const early = reader.read('a');
    await tick();
    // The first query is on its way; these callers may have just committed something it cannot see.
    const late = Promise.all([reader.read('a'), reader.read('c')]);
    await tick();
    expect(sent).toHaveLength(1);
    sent[0]!.answer({ a: 1 });
    expect(await early).toBe(1);
    await tick();
    expect(sent.map((q) => q.keys)).toEqual([['a'], ['a', 'c']]);
    sent[1]!.answer({ a: 2, c: 3 });
    expect(await late).toEqual([2, 3]);
  });

  it('answers undefined for a key the query did not find', async () => {
    const { sent, query } = scriptedQuery();
    const reader = new BatchedRead(query);
    const answer = reader.read('missing');
    await tick();
    sent[0]!.answer({});
    expect(await answer).toBeUndefined();
  });

  it('fails every caller of a failed query, and the next caller gets a new query', async () => {
    const { sent, query } = scriptedQuery();
    const reader = new BatchedRead(query);
    const failed = Promise.allSettled([reader.read('a'), reader.read('b')]);
    await tick();
    sent[0]!.fail(new Error('connection lost'));
    expect((await failed).map((result) => result.status)).toEqual(['rejected', 'rejected']);
    const retried = reader.read('a');
    await tick();
    expect(sent).toHaveLength(2);
    sent[1]!.answer({ a: 5 });
    expect(await retried).toBe(5);
  });
});
