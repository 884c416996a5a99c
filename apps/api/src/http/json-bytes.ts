/**
 * JSON written straight to UTF-8 bytes, byte for byte what `JSON.stringify` writes, with parts
 * of it made once: an uncached search answers fifty rates whose names, descriptions, policies
 * and keys (80 % of its 54 kB) come from the catalogue and change only with it. `JSON.stringify`
 * wrote them afresh on every search and then `Buffer.from` copied its text again, 130 kB of
 * V8 heap and about a fifth of the search's CPU (decision 0010, amendment of 2026-11-25).
 */

const NULL = Buffer.from('null');
const TRUE = Buffer.from('true');
const FALSE = Buffer.from('false');
const COMMA = Buffer.from(',');
const OPEN_ARRAY = Buffer.from('[');
const CLOSE_ARRAY = Buffer.from(']');
const OPEN_OBJECT = Buffer.from('{');
const CLOSE_OBJECT = Buffer.from('}');

/** Object keys seen, as their `"key":` bytes; bounded, so keys that come from data cannot grow it without end. */
const keyBytes = new Map<string, Buffer>();
const MAX_KEYS = 4096;

function keyOf(key: string): Buffer {
  let bytes = keyBytes.get(key);
  if (!bytes) {
    bytes = Buffer.from(`${JSON.stringify(key)}:`);
    if (keyBytes.size < MAX_KEYS) keyBytes.set(key, bytes);
  }
  return bytes;
}

/** A value `JSON.stringify` leaves out of an object and writes as null in an array. */
const isSkipped = (value: unknown) => value === undefined || typeof value === 'function' || typeof value === 'symbol';

/** A template filled with its values: it serialises as what the template's build makes of them. */
class Filled<Values> {
  constructor(
    readonly template: JsonTemplate<Values, unknown>,
    readonly values: Values,
  ) {}

  /** What `JSON.stringify` serialises; `JsonWriter` writes the template's bytes instead. */
  toJSON(): unknown {
    return this.template.build(this.values);
  }
}

/**
 * The JSON of `build(values)` as constant bytes with holes, one per value, so that only the
 * values are written each time. `build` must place each value as it is (not test or transform
 * it): the template finds where they go by building once with markers in their place, and
 * refuses a build where a marker does not appear exactly once.
 */
export class JsonTemplate<Values, Shape> {
  private readonly segments: Buffer[] = [];
  /** The value written after each segment but the last, in text order. */
  private readonly holes: (keyof Values)[] = [];

  constructor(
    names: Record<keyof Values & string, true>,
    readonly build: (values: Values) => Shape,
  ) {
    const ordered = Object.keys(names) as (keyof Values & string)[];
    // NUL cannot come from the catalogue: Postgres text refuses it, and so does every request's parser.
    const markers = Object.fromEntries(ordered.map((name, index) => [name, `\u0000${index}\u0000`])) as Values;
    const text = JSON.stringify(build(markers));
    const parts = text.split(/"\\u0000(\d+)\\u0000"/);
    for (let at = 0; at < parts.length; at += 2) {
      this.segments.push(Buffer.from(parts[at]!));
      if (at + 1 < parts.length) this.holes.push(ordered[Number(parts[at + 1])]!);
    }
    const placed = new Set(this.holes);
    if (placed.size !== this.holes.length || placed.size !== ordered.length) {
      throw new Error(`A JSON template must place each of its values once: ${ordered.join(', ')}; it placed ${this.holes.join(', ')}.`);
    }
  }

  /**
   * The value `build(values)` serialises as, held as the template and `values`: for
   * `JsonWriter` (and `JSON.stringify`) only, as its fields are not there to read.
   */
  fill(values: Values): Shape {
    return new Filled(this, values) as Shape;
  }

  write(writer: JsonWriter, values: Values): void {
    const { segments, holes } = this;
    for (let at = 0; at < holes.length; at++) {
      writer.raw(segments[at]!);
      const value = values[holes[at]!];
      if (typeof value === 'number') writer.number(value);
      else if (isSkipped(value)) throw new Error(`The JSON template's value ${String(holes[at])} is missing.`);
      else writer.value(value);
    }
    writer.raw(segments[holes.length]!);
  }
}

/** Writes JSON into a buffer that grows as needed. */
export class JsonWriter {
  private buffer: Buffer;
  private length = 0;

  constructor(initialBytes = 16 * 1024) {
    this.buffer = Buffer.allocUnsafe(Math.max(64, initialBytes));
  }

  private reserve(bytes: number): void {
    if (this.length + bytes <= this.buffer.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + bytes));
    this.buffer.copy(grown, 0, 0, this.length);
    this.buffer = grown;
  }

  raw(bytes: Buffer): void {
    const { length } = bytes;
    this.reserve(length);
    // A template's segments are mostly a key or two: copied byte by byte, they skip set()'s call overhead.
    if (length > 32) {
      this.buffer.set(bytes, this.length);
    } else {
      const { buffer } = this;
      const start = this.length;
      for (let at = 0; at < length; at++) buffer[start + at] = bytes[at]!;
    }
    this.length += length;
  }

  private text(json: string): void {
    this.reserve(json.length * 3);
    this.length += this.buffer.write(json, this.length, 'utf8');
  }

  number(value: number): void {
    // Prices, counts and ids are 31-bit integers, whose digits integer arithmetic finds without a
    // float division. Any other number as JSON.stringify writes it: NaN and the infinities as null,
    // the rest as String() does.
    if (!Number.isInteger(value) || value < 0 || value > 0x7fffffff) {
      this.text(Number.isFinite(value) ? String(value) : 'null');
      return;
    }
    let digits = 1;
    for (let bound = 10; value >= bound && digits < 10; bound *= 10) digits++;
    this.reserve(digits);
    const { buffer } = this;
    let at = this.length + digits;
    let rest = value;
    do {
      const next = (rest / 10) | 0;
      buffer[--at] = 48 + rest - next * 10;
      rest = next;
    } while (rest > 0);
    this.length += digits;
  }

  /** Writes `value` as `JSON.stringify(value)` would; a value it would leave out entirely is written as null. */
  value(value: unknown): void {
    switch (typeof value) {
      case 'number':
        this.number(value);
        return;
      case 'string':
        this.text(JSON.stringify(value));
        return;
      case 'boolean':
        this.raw(value ? TRUE : FALSE);
        return;
      case 'object':
        break;
      default:
        this.text(JSON.stringify(value) ?? 'null');
        return;
    }
    if (value === null) {
      this.raw(NULL);
    } else if (value instanceof Filled) {
      value.template.write(this, value.values);
    } else if (Array.isArray(value)) {
      this.raw(OPEN_ARRAY);
      for (let at = 0; at < value.length; at++) {
        if (at > 0) this.raw(COMMA);
        const item: unknown = value[at];
        if (isSkipped(item)) this.raw(NULL);
        else this.value(item);
      }
      this.raw(CLOSE_ARRAY);
    } else if (isPlainObject(value)) {
      this.raw(OPEN_OBJECT);
      let first = true;
      for (const key in value) {
        const item: unknown = value[key];
        if (isSkipped(item)) continue;
        if (!first) this.raw(COMMA);
        first = false;
        this.raw(keyOf(key));
        this.value(item);
      }
      this.raw(CLOSE_OBJECT);
    } else {
      // A Date, a boxed primitive, anything with its own toJSON: as JSON.stringify has it.
      this.text(JSON.stringify(value));
    }
  }

  /** The JSON written; copied out when the buffer would waste more than an eighth of itself. */
  bytes(): Buffer {
    const written = this.buffer.subarray(0, this.length);
    return this.buffer.length - this.length > this.buffer.length / 8 ? Buffer.from(written) : written;
  }
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const prototype: unknown = Object.getPrototypeOf(value);
  return (prototype === Object.prototype || prototype === null) && !('toJSON' in value);
}

/** `value` as `JSON.stringify` writes it, in UTF-8 bytes; `sizeHint` is the expected length. */
export function jsonBytes(value: unknown, sizeHint?: number): Buffer {
  const writer = new JsonWriter(sizeHint);
  writer.value(value);
  return writer.bytes();
}
