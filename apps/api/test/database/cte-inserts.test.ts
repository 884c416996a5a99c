import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { integer, jsonb, numeric, PgDialect, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { cteInsertsQuery, type CteInsert } from '../../src/database/cte-inserts';
import type { Tx } from '../../src/database/db';

// Column kinds whose values drizzle maps on the way out (json, instants, decimals) and defaults.
const parents = pgTable('parents', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  note: text('note'),
  facts: jsonb('facts'),
  rate: numeric('rate', { precision: 7, scale: 4, mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
const children = pgTable('children', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  parentId: integer('parent_id').notNull(),
  kindId: integer('kind_id'),
  position: integer('position').notNull(),
});

// Builds statements only: nothing is sent.
const tx = drizzle.mock() as unknown as Tx;
const parentId = sql`(SELECT id FROM new_parent)`;
const kindOf = (code: string) => sql`(SELECT id FROM kinds WHERE code = ${code})`;

function inserts(parent: Record<string, unknown>, kids: Record<string, unknown>[]): CteInsert[] {
  return [
    { name: 'new_parent', table: parents, rows: [parent], returning: { id: parents.id } },
    { name: 'new_children', table: children, rows: kids.map((kid) => ({ ...kid, parentId })) },
  ];
}

/** What drizzle renders for the same rows, built the ordinary way on every call. */
function drizzleOwn(parent: Record<string, unknown>, kids: Record<string, unknown>[]) {
  const statement: SQL = sql`WITH ${sql.identifier('new_parent')} AS (${tx
    .insert(parents)
    .values(parent as never)
    .returning({ id: parents.id })
    .getSQL()}), ${sql.identifier('new_children')} AS (${tx
    .insert(children)
    .values(kids.map((kid) => ({ ...kid, parentId })) as never)
    .getSQL()}) ${sql.raw('SELECT id FROM new_parent')}`;
  // `typings` is for drivers that type their parameters; neither pg nor PGlite reads it.
  const { sql: text, params } = new PgDialect().sqlToQuery(statement);
  return { sql: text, params };
}

function filled(parent: Record<string, unknown>, kids: Record<string, unknown>[]) {
  const { query, values } = cteInsertsQuery(tx, inserts(parent, kids), 'SELECT id FROM new_parent');
  return { query, sent: { sql: query.sql, params: fillPlaceholders(query.params, values as unknown as Record<string, unknown>) } };
}

const someParent = {
  name: 'Ada',
  note: null,
  facts: { nights: [1, 2], vip: true },
  rate: 8.875,
  createdAt: new Date('2026-11-24T10:00:00Z'),
};

describe('inserts of data-modifying CTEs, built once per shape', () => {
  it('sends the text and parameters drizzle itself renders: mapped values, nulls, defaults and SQL with parameters', () => {
    const kids = [
      { position: 0, kindId: kindOf('cot') },
      { position: 1, kindId: null },
    ];
    const { sent } = filled(someParent, kids);
    expect(sent).toEqual(drizzleOwn(someParent, kids));
    // Spelled out once, so the comparison above is known to compare something.
    expect(sent.params).toEqual(['Ada', null, '{"nights":[1,2],"vip":true}', '8.875', '2026-11-24T10:00:00.000Z', 'cot', 0, null, 1]);
    expect(sent.sql).toContain('(SELECT id FROM kinds WHERE code = $6)');
  });

  it('builds a shape once and fills it with each call’s values', () => {
    const first = filled({ ...someParent, name: 'Bea' }, [{ position: 0, kindId: kindOf('cot') }]);
    const otherParent = { ...someParent, name: 'Cyd', facts: [], rate: 20, createdAt: new Date('2027-01-01T00:00:00Z') };
    const second = filled(otherParent, [{ position: 4, kindId: kindOf('bed') }]);
    expect(second.query).toBe(first.query);
    expect(second.sent).toEqual(drizzleOwn(otherParent, [{ position: 4, kindId: kindOf('bed') }]));
    expect(second.sent.params).toEqual(['Cyd', null, '[]', '20', '2027-01-01T00:00:00.000Z', 'bed', 4]);
  });

  it('takes a null, a default (undefined) or another number of rows as another shape, each as drizzle renders it', () => {
    const withNote = { ...someParent, note: 'late arrival' };
    const defaulted = { ...someParent, createdAt: undefined };
    const base = filled(someParent, [{ position: 0, kindId: null }]);
    for (const [parent, kids] of [
      [withNote, [{ position: 0, kindId: null }]],
      [defaulted, [{ position: 0, kindId: null }]],
      [someParent, [{ position: 0, kindId: kindOf('cot') }]],
      [
        someParent,
        [
          { position: 0, kindId: null },
          { position: 1, kindId: null },
          { position: 2, kindId: null },
        ],
      ],
    ] as const) {
      const other = filled(parent, [...kids]);
      expect(other.query).not.toBe(base.query);
      expect(other.sent).toEqual(drizzleOwn(parent, [...kids]));
    }
    expect(filled(defaulted, [{ position: 0, kindId: null }]).sent.sql).toContain('default');
  });

  it('refuses an SQL value whose text carries a dollar sign that is not one of its parameters', () => {
    const odd = { ...someParent, note: sql.raw("('costs $2')") };
    expect(() => cteInsertsQuery(tx, inserts(odd, [{ position: 0 }]), 'SELECT 1')).toThrow(/out of order/);
  });
});
