/**
 * An answer already serialised to JSON (a cached one): the router sends its text as is, with
 * an ETag derived from what the text was made from, so it is neither re-serialised nor hashed.
 */
export class JsonText {
  constructor(
    readonly text: string,
    readonly etag: string,
  ) {}
}
