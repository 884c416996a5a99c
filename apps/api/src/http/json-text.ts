/**
 * An answer already serialised to JSON (a cached one): the router sends its UTF-8 bytes as
 * they are, with an ETag derived from what they were made from, so it is neither
 * re-serialised, re-encoded nor hashed on each request.
 */
export class JsonText {
  readonly body: Buffer;

  constructor(
    text: string,
    readonly etag: string,
  ) {
    this.body = Buffer.from(text, 'utf8');
  }
}
