import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

/** Smaller answers are not worth a compressed copy (the compression middleware's own threshold). */
const COMPRESS_FROM_BYTES = 1024;

/**
 * An answer already serialised to JSON (a cached one): the router sends its UTF-8 bytes as
 * they are, with an ETag derived from what they were made from, so it is neither
 * re-serialised, re-encoded nor hashed on each request. For clients that accept gzip (every
 * browser) it is compressed once, on first request, and that copy is sent from then on:
 * a 36-month calendar is 300 kB of JSON, and compressing it on every request cost more than
 * answering it. `T` is the value it was serialised from, so a route's handler is still checked
 * against the route's response schema when it answers from the cache.
 */
export class JsonText<T = unknown> {
  readonly body: Buffer;
  declare private readonly serialised: T;
  private compressed: Promise<Buffer> | undefined;

  /** `json` as text, or as its UTF-8 bytes already (which are kept, not copied). */
  constructor(
    json: string | Buffer,
    readonly etag: string,
  ) {
    this.body = typeof json === 'string' ? Buffer.from(json, 'utf8') : json;
  }

  get worthCompressing(): boolean {
    return this.body.length >= COMPRESS_FROM_BYTES;
  }

  /** The body gzip-compressed, made once (off the event loop, in libuv's pool). */
  gzipped(): Promise<Buffer> {
    this.compressed ??= gzipAsync(this.body);
    return this.compressed;
  }

  /** A compressed copy is another representation, so it has its own ETag (RFC 9110, 8.8.3). */
  get gzipEtag(): string {
    return `${this.etag.slice(0, -1)}-gzip"`;
  }
}
