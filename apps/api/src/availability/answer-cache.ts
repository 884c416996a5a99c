import { createHash } from 'node:crypto';
import { JsonText } from '../http';

/** Search answers run to 50 kB and a calendar to 300 kB: 32 MB keeps hundreds of them (plus their gzip copies, about a tenth as much, not counted). */
const MAX_CACHED_BYTES = 32 * 1024 * 1024;

/** Keys asked for once and not (yet) kept: a second request within the next this many is kept. */
const MAX_SEEN_ONCE = 20_000;

/**
 * Availability answers by everything they are computed from: the request, the property's
 * catalogue version (raised by every import), its inventory version (raised at commit by every
 * change to rooms sold, see migration 0007) and the property's today. Callers put all of that
 * in the key, so a cached answer is never stale: the first request after a booking or an
 * import misses and computes afresh. Concurrent misses on one key share one computation.
 *
 * An answer is kept only when its key is asked for a second time: most searches are a guest's
 * new stay, asked once, and keeping each of those would only push out answers that are asked
 * again and churn memory (each evicted answer is garbage the collector has to find).
 */
export class AnswerCache {
  private readonly entries = new Map<string, JsonText>();
  private readonly computing = new Map<string, Promise<JsonText>>();
  private seenOnce = new Set<string>();
  private bytes = 0;

  constructor(private readonly maxBytes = MAX_CACHED_BYTES) {}

  /** The cached answer of `key`, or `compute`'s serialised; callers keep one answer type per key prefix. */
  answer<T>(key: string, compute: () => Promise<T>): Promise<JsonText<T>> {
    return this.text<T>(key, async () => JSON.stringify(await compute()));
  }

  /** As `answer`, for an answer computed as JSON already (of a `T`): text, UTF-8 bytes or UTF-8 parts. */
  text<T>(key: string, compute: () => Promise<string | Buffer | readonly Buffer[]>): Promise<JsonText<T>> {
    const cached = this.entries.get(key);
    if (cached) {
      // Most recently used last: eviction takes from the front.
      this.entries.delete(key);
      this.entries.set(key, cached);
      return Promise.resolve(cached as JsonText<T>);
    }
    let pending = this.computing.get(key);
    if (!pending) {
      pending = compute().then((json) => {
        const text = new JsonText<unknown>(json, `"${createHash('sha1').update(key).digest('base64url')}"`);
        this.keepIfAskedBefore(key, text);
        return text;
      });
      this.computing.set(key, pending);
      const done = () => this.computing.delete(key);
      pending.then(done, done);
    }
    return pending as Promise<JsonText<T>>;
  }

  private keepIfAskedBefore(key: string, text: JsonText): void {
    if (this.seenOnce.delete(key)) {
      this.store(key, text);
      return;
    }
    // Forgotten all at once when full: a key asked again after that is simply kept one request later.
    if (this.seenOnce.size >= MAX_SEEN_ONCE) this.seenOnce = new Set();
    this.seenOnce.add(key);
  }

  private store(key: string, text: JsonText): void {
    const size = text.byteLength + key.length;
    if (size > this.maxBytes) return;
    // Kept as one buffer: sent many times, and gzipped for browsers.
    text.utf8();
    this.entries.set(key, text);
    this.bytes += size;
    for (const [oldKey, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldKey);
      this.bytes -= old.byteLength + oldKey.length;
    }
  }
}
