import type { ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

/** Smaller answers are not worth a compressed copy (the compression middleware's own threshold). */
const COMPRESS_FROM_BYTES = 1024;

/**
 * An answer already serialised to JSON: the router sends it as it is, with an ETag derived
 * from what it was made from, so it is neither re-serialised nor hashed on each request. It
 * comes as text (a group's answer), as UTF-8 bytes (a search's, out of V8's heap while it waits
 * to be sent) or as UTF-8 parts to be sent one after another (a calendar's nights, kept as bytes
 * by its model); an answer sent once is written as it came, without a copy into
 * one buffer: at thousands of new calendars a second, those 300 kB copies, held outside V8's
 * heap until collected, reached about 100 MB per process. Its bytes in one buffer are made
 * once, when the answer cache keeps it or a client takes the gzip copy (`utf8`). For clients
 * that accept gzip (every browser) it is compressed once, on first request, and that copy is
 * sent from then on: a 36-month calendar is 300 kB of JSON, and compressing it on every
 * request cost more than answering it.
 * `T` is the value it was serialised from, so a route's handler is still checked against the
 * route's response schema when it answers from the cache.
 */
export class JsonText<T = unknown> {
  /** Its length in UTF-8 bytes. */
  readonly byteLength: number;
  declare private readonly serialised: T;
  private text: string | undefined;
  private parts: readonly Buffer[] | undefined;
  private bytes: Buffer | undefined;
  private compressed: Promise<Buffer> | undefined;

  /** `json` as text, as its UTF-8 bytes, or as UTF-8 parts that join into it (bytes and parts are kept, not copied). */
  constructor(
    json: string | Buffer | readonly Buffer[],
    readonly etag: string,
  ) {
    if (typeof json === 'string') {
      this.text = json;
      this.byteLength = Buffer.byteLength(json, 'utf8');
    } else if (Buffer.isBuffer(json)) {
      this.bytes = json;
      this.byteLength = json.length;
    } else {
      this.parts = json;
      this.byteLength = json.reduce((sum, part) => sum + part.length, 0);
    }
  }

  /** Its UTF-8 bytes in one buffer, made once (and kept instead of the text or parts). */
  utf8(): Buffer {
    if (!this.bytes) {
      this.bytes = this.text === undefined ? Buffer.concat(this.parts!, this.byteLength) : Buffer.from(this.text, 'utf8');
      this.text = undefined;
      this.parts = undefined;
    }
    return this.bytes;
  }

  get worthCompressing(): boolean {
    return this.byteLength >= COMPRESS_FROM_BYTES;
  }

  /** The body gzip-compressed, made once (off the event loop, in libuv's pool). */
  gzipped(): Promise<Buffer> {
    this.compressed ??= gzipAsync(this.utf8());
    return this.compressed;
  }

  /** A compressed copy is another representation, so it has its own ETag (RFC 9110, 8.8.3). */
  get gzipEtag(): string {
    return `${this.etag.slice(0, -1)}-gzip"`;
  }

  /** Ends `res` with the JSON as it is held; the caller has set the headers, Content-Length included. */
  writeTo(res: ServerResponse): void {
    if (this.bytes) {
      res.end(this.bytes);
    } else if (this.text !== undefined) {
      res.end(this.text, 'utf8');
    } else {
      // Corked: the parts leave in one write to the socket.
      res.cork();
      for (const part of this.parts!) res.write(part);
      res.end();
    }
  }
}
