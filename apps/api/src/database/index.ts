// The database layer's door: connections, transactions and the helpers every area's queries use.
export { BatchedRead } from './batched-read';
export { DataDirInUse } from './data-dir-lock';
export { isDatabaseUnavailable } from './database-unavailable';
export type { Database, Db, Queryable, Tx } from './db';
export { findMigrationsFolder } from './migrations-folder';
export { openMigratedDatabase } from './open-database';
export { type CteInsert, runCteInserts } from './cte-inserts';
export { preparedRows } from './prepared';
export { rawRows } from './raw-rows';
