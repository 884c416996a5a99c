import { getTableName, is, type Placeholder, SQL, sql, type Query } from 'drizzle-orm';
import { PgDialect, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './db';
import { preparedName } from './prepared';

/** One insert of a statement of data-modifying CTEs: `name AS (INSERT INTO table … RETURNING …)`. */
export type CteInsert = {
  name: string;
  table: PgTable;
  /**
   * Rows as drizzle's `values()` takes them: an `undefined` column gets its default, and a
   * column may be an `SQL` fragment (an id taken from an earlier CTE, a lookup).
   */
  rows: readonly Record<string, unknown>[];
  returning?: Record<string, PgColumn>;
};

/** The dialect our `drizzle()` instances use (no casing option), to render a statement once. */
const dialect = new PgDialect();
/** Statements of this many shapes are kept; a booking's shape is its rooms, guests, extras, payment and mails. */
const MAX_SHAPES = 256;
const statements = new Map<string, Query>();
/** SQL fragments met again and again (the links to earlier CTEs) are rendered once. */
const renderedFragments = new WeakMap<SQL, Query>();

/**
 * Runs `WITH <inserts> <select>` in the transaction and answers the select's rows.
 *
 * Drizzle builds an insert's SQL anew on every call, walking hundreds of chunks for a booking:
 * that was about a tenth of the API's CPU per booking (bench/REPORT.md, decision 0005). The
 * text of the statement depends only on its shape (which columns each row sets, which are
 * null, which are SQL and what that SQL says), so drizzle builds it once per shape with
 * placeholders, and each call only collects the values, in the same order.
 */
export async function runCteInserts<Row>(tx: Tx, inserts: readonly CteInsert[], select: string): Promise<Row[]> {
  const { query, values } = cteInsertsQuery(tx, inserts, select);
  // Named, so each connection parses and plans a shape once (preparedName).
  const prepared = tx._.session.prepareQuery<{ execute: { rows: Row[] }; all: unknown; values: unknown }>(
    query,
    undefined,
    preparedName(query.sql),
    false,
  );
  // Placeholders are named by their position in `values`: an array is the record they are looked up in.
  const result = await prepared.execute(values as unknown as Record<string, unknown>);
  return result.rows;
}

/** The statement's shape-keyed text with its placeholders, and this call's values for them. */
export function cteInsertsQuery(tx: Tx, inserts: readonly CteInsert[], select: string): { query: Query; values: unknown[] } {
  const values: unknown[] = [];
  let shape = select;
  for (const insert of inserts) {
    shape += `#${insert.name}:${getTableName(insert.table)}(${insert.returning ? Object.keys(insert.returning).join(',') : ''})`;
    for (const row of insert.rows) {
      shape += '|';
      for (const key in row) {
        const value = row[key];
        if (value === undefined) continue;
        if (value === null) shape += `${key}=null;`;
        else if (is(value, SQL)) {
          const fragment = renderedFragment(value);
          shape += `${key}=(${fragment.sql});`;
          values.push(...fragment.params);
        } else {
          shape += `${key};`;
          values.push(value);
        }
      }
    }
  }
  let query = statements.get(shape);
  if (!query) {
    query = buildStatement(tx, inserts, select);
    if (statements.size >= MAX_SHAPES) statements.delete(statements.keys().next().value!);
    statements.set(shape, query);
  }
  return { query, values };
}

/** Drizzle's statement for the shape, each value a placeholder named by its place in `cteInsertsQuery`'s values. */
function buildStatement(tx: Tx, inserts: readonly CteInsert[], select: string): Query {
  let next = 0;
  const placeholder = () => sql.placeholder(String(next++));
  const ctes = inserts.map(({ name, table, rows, returning }) => {
    const held = rows.map((row) => {
      const heldRow: Record<string, unknown> = {};
      for (const key in row) {
        const value = row[key];
        if (value === undefined) continue;
        if (value === null) heldRow[key] = null;
        else if (is(value, SQL)) heldRow[key] = withPlaceholders(renderedFragment(value), placeholder);
        else heldRow[key] = placeholder();
      }
      return heldRow;
    });
    const insert = tx.insert(table).values(held as never);
    const statement = returning ? insert.returning(returning) : insert;
    return sql`${sql.identifier(name)} AS (${statement.getSQL()})`;
  });
  return dialect.sqlToQuery(sql`WITH ${sql.join(ctes, sql`, `)} ${sql.raw(select)}`);
}

function renderedFragment(fragment: SQL): Query {
  let rendered = renderedFragments.get(fragment);
  if (!rendered) {
    rendered = dialect.sqlToQuery(fragment);
    renderedFragments.set(fragment, rendered);
  }
  return rendered;
}

/** The rendered fragment again as SQL, its `$n` parameters placeholders in the same order. */
function withPlaceholders(fragment: Query, placeholder: () => Placeholder): SQL {
  const pieces = fragment.sql.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  for (const [index, piece] of pieces.entries()) {
    if (index % 2 === 0) chunks.push(sql.raw(piece));
    // Drizzle numbers a fragment's parameters $1, $2… in order; anything else is not one of its parameters.
    else if (Number(piece) === (index + 1) / 2) chunks.push(sql`${placeholder()}`);
    else throw new Error(`an SQL value of an insert has "$${piece}" out of order: ${fragment.sql}`);
  }
  if ((pieces.length - 1) / 2 !== fragment.params.length)
    throw new Error(`an SQL value's parameters do not match its text: ${fragment.sql}`);
  return sql.join(chunks);
}
