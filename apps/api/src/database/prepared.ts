import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Queryable } from './db';

const dialect = new PgDialect();
const names = new Map<string, string>();

/**
 * The name a statement is prepared under on each connection: its text's hash, so a name always
 * means one text. PostgreSQL then parses it once per connection and, after a few runs, keeps its
 * plan: a booking's large data-modifying statements spent a third of their time being planned
 * (pg_stat_statements, bench of 2026-11-28). A pooler in front of PostgreSQL must keep prepared
 * statements per server connection (PgBouncer does from 1.21, max_prepared_statements).
 */
export function preparedName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    if (names.size >= 1024) names.delete(names.keys().next().value!);
    names.set(text, name);
  }
  return name;
}

/** Runs a statement prepared under its name (`preparedName`): for statements of a few shapes run on every booking. */
export async function preparedRows<Row>(db: Queryable, statement: SQL): Promise<Row[]> {
  const query = dialect.sqlToQuery(statement);
  const prepared = db._.session.prepareQuery<{ execute: { rows: Row[] }; all: unknown; values: unknown }>(
    query,
    undefined,
    preparedName(query.sql),
    false,
  );
  return (await prepared.execute()).rows;
}
