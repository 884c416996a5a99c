import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TEST_CARDS, TEST_GATEWAY_MESSAGES } from '../../src/payments/test-gateway';
import { definitionSchema } from '../../src/property-definition/definition-schema';

// The reference pages a hotel reads are written by hand; these tests fail when the code they
// describe changes and the page does not.

const docsFolder = new URL('../../../../docs/', import.meta.url);
const readDoc = (name: string) => readFileSync(new URL(name, docsFolder), 'utf8');

type JsonSchema = {
  type?: string;
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  default?: unknown;
};

/** What a table's Default column must say for a field: "required", "none", "see its fields" or the default as JSON. */
function expectedDefault(field: JsonSchema, required: boolean): string {
  if (required) return 'required';
  if (field.default === undefined) return 'none';
  if (typeof field.default === 'object' && !Array.isArray(field.default)) return 'see its fields';
  return `\`${JSON.stringify(field.default)}\``;
}

/** Every object the definition format has, by its path (`Properties[].RatePlans[]`), with each field's expected default. */
function objectsOf(node: JsonSchema, path: string, out = new Map<string, Map<string, string>>()): Map<string, Map<string, string>> {
  if (node.anyOf) node.anyOf.forEach((option) => objectsOf(option, path, out));
  else if (node.type === 'array' && node.items) objectsOf(node.items, `${path}[]`, out);
  else if (node.type === 'object' && node.properties) {
    const fields = new Map<string, string>();
    for (const [name, field] of Object.entries(node.properties)) {
      fields.set(name, expectedDefault(field, node.required?.includes(name) ?? false));
      objectsOf(field, path === '' ? name : `${path}.${name}`, out);
    }
    out.set(path, fields);
  }
  return out;
}

/** The field tables of docs/property-definition.md, by the paths their heading names. */
function documentedObjects(markdown: string): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  let paths: string[] = [];
  for (const line of markdown.split('\n')) {
    const heading = /^#{2,4} (.*)$/.exec(line);
    if (heading) {
      const named = [...heading[1]!.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
      paths = heading[1] === 'Top level' ? [''] : named.filter((name) => /^(Groups|ExchangeRates|Properties)\b/.test(name));
      paths.forEach((path) => out.set(path, new Map()));
      continue;
    }
    const row = /^\| `(\w+)` +\|[^|]*\| ([^|]*?) +\|/.exec(line);
    if (row) paths.forEach((path) => out.get(path)!.set(row[1]!, row[2]!));
  }
  return out;
}

describe('docs/property-definition.md', () => {
  const schema = z.toJSONSchema(definitionSchema, { io: 'input', target: 'draft-2020-12' }) as JsonSchema;
  const accepted = objectsOf(schema, '');
  const documented = documentedObjects(readDoc('property-definition.md'));

  it('has a table for every object of the format, and for nothing else', () => {
    expect([...documented.keys()].sort()).toEqual([...accepted.keys()].sort());
  });

  it.each([...accepted.keys()].map((path) => [path || 'the top level']))('lists every field of %s with its default', (label) => {
    const path = label === 'the top level' ? '' : label;
    expect(Object.fromEntries(documented.get(path) ?? [])).toEqual(Object.fromEntries(accepted.get(path)!));
  });
});

describe('docs/test-cards.md', () => {
  const rows = [...readDoc('test-cards.md').matchAll(/^\| `([\d ]+)` +\| [^|]+\| (.+?) +\|$/gm)].map((match) => ({
    number: match[1]!.replaceAll(' ', ''),
    outcome: match[2]!,
  }));

  it('lists exactly the cards the test gateway accepts, in its order', () => {
    expect(rows.map((row) => row.number)).toEqual(TEST_CARDS.map((card) => card.number));
  });

  it('says what each card does, with the message a declined one gives', () => {
    const outcomes = { approve: 'authorised', challenge: '3-D Secure challenge' } as const;
    for (const [i, card] of TEST_CARDS.entries()) {
      const outcome = rows[i]!.outcome;
      if (card.behaviour === 'decline') expect(outcome).toBe(`declined: "${TEST_GATEWAY_MESSAGES.declined}"`);
      else if (card.behaviour === 'insufficient_funds') expect(outcome).toBe(`declined: "${TEST_GATEWAY_MESSAGES.insufficientFunds}"`);
      else expect(outcome.startsWith(outcomes[card.behaviour])).toBe(true);
    }
  });
});
