import { describe, expect, it } from 'vitest';
import { jsonBytes, JsonTemplate } from '../../src/http/json-bytes';

/** What the writer must produce for any value: JSON.stringify's text, in UTF-8. */
const sameAsStringify = (value: unknown, sizeHint?: number) =>
  expect(jsonBytes(value, sizeHint).toString('utf8')).toBe(JSON.stringify(value) ?? 'null');

describe('JSON written to bytes', () => {
  it('writes numbers as JSON.stringify does', () => {
    for (const value of [
      0,
      -0,
      7,
      10,
      99,
      100,
      1400,
      14.5,
      14.05,
      0.1 + 0.2,
      -3,
      -14.5,
      2 ** 53 - 1,
      2 ** 53,
      1e21,
      1e-7,
      NaN,
      Infinity,
      -Infinity,
    ]) {
      sameAsStringify(value);
      sameAsStringify([value]);
      sameAsStringify({ value });
    }
  });

  it('writes strings with their escapes and characters beyond ASCII in UTF-8', () => {
    for (const value of [
      '',
      'plain',
      'quote " and backslash \\',
      'line\nbreak\ttab\u0001',
      'Zürich café',
      '東京',
      'emoji 🏨',
      'lone \ud800 surrogate',
      '\u2028\u2029',
    ]) {
      sameAsStringify(value);
      sameAsStringify({ [value]: value });
    }
  });

  it('leaves out of objects what JSON.stringify leaves out, and writes it as null in arrays', () => {
    sameAsStringify({ a: undefined, b: () => 1, c: Symbol('c'), d: null, e: false, f: true });
    sameAsStringify([undefined, () => 1, Symbol('c'), null, false, true]);
    sameAsStringify({ only: undefined });
    sameAsStringify([]);
    sameAsStringify({});
  });

  it('writes keys in JSON.stringify order (integer keys first) and honours toJSON', () => {
    sameAsStringify({ b: 1, 10: 'ten', a: 2, 2: 'two' });
    sameAsStringify({ at: new Date(Date.UTC(2026, 10, 25, 12)), custom: { toJSON: () => ({ as: 'this' }) }, boxed: Object(3) as unknown });
    sameAsStringify(Object.assign(Object.create(null) as object, { bare: 1 }));
  });

  it('grows its buffer from a small start', () => {
    const large = Array.from({ length: 2000 }, (_, i) => ({ id: i, name: `Room ${i} über`, price: i / 4 }));
    sameAsStringify(large, 1);
    sameAsStringify(large, 10_000_000);
  });
});

describe('JSON templates', () => {
  type Values = { price: number; note: string | null; costs: ({ total: number } | null)[] };
  const plan = { id: 4, name: 'Bed & "breakfast"', description: 'Frühstück inbegriffen' };
  const template = new JsonTemplate<Values, object>({ price: true, note: true, costs: true }, (values) => ({
    id: plan.id,
    price: values.price,
    name: plan.name,
    nested: { costs: values.costs, fixed: [1, 2] },
    note: values.note,
    description: plan.description,
  }));

  it('writes the constant text once made and the values filled in, as JSON.stringify writes the build', () => {
    const filled = [
      template.fill({ price: 140, note: null, costs: [{ total: 140 }, null] }),
      template.fill({ price: 70.5, note: 'Näher am "See"', costs: [] }),
    ];
    const answer = { rates: filled, again: filled[0], count: 2 };
    expect(jsonBytes(answer).toString()).toBe(JSON.stringify(answer));
    const first = {
      id: 4,
      price: 140,
      name: plan.name,
      nested: { costs: [{ total: 140 }, null], fixed: [1, 2] },
      note: null,
      description: plan.description,
    };
    const second = { ...first, price: 70.5, nested: { costs: [], fixed: [1, 2] }, note: 'Näher am "See"' };
    expect(JSON.parse(JSON.stringify(answer))).toEqual({ rates: [first, second], again: first, count: 2 });
  });

  it('nests templates in templates', () => {
    const outer = new JsonTemplate<{ inner: unknown }, object>({ inner: true }, (values) => ({ kind: 'outer', inner: values.inner }));
    const value = outer.fill({ inner: [template.fill({ price: 1, note: 'x', costs: [null] })] });
    expect(jsonBytes(value).toString()).toBe(JSON.stringify(value));
  });

  it('refuses a build that does not place each value once as it is', () => {
    expect(() => new JsonTemplate<{ a: number; b: number }, object>({ a: true, b: true }, (values) => ({ a: values.a }))).toThrow(
      /place each of its values once/,
    );
    expect(() => new JsonTemplate<{ a: number }, object>({ a: true }, (values) => ({ a: values.a, again: values.a }))).toThrow(
      /place each of its values once/,
    );
    expect(() => new JsonTemplate<{ a: string }, object>({ a: true }, (values) => ({ a: `${values.a}!` }))).toThrow(
      /place each of its values once/,
    );
  });

  it('refuses a value left out, which JSON.stringify would drop with its key', () => {
    const value = template.fill({ price: undefined as unknown as number, note: null, costs: [] });
    expect(() => jsonBytes(value)).toThrow(/value price is missing/);
  });
});
