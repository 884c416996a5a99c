// Connection-level failures (server down, restarting, unreachable, no free connection in the
// pool in time) are the database being away, not a bug: requests get 503 so clients and load
// balancers retry, and start-up waits for it. So is a statement cancelled while it waited (for
// a row another transaction holds past DATABASE_LOCK_WAIT_MS, 55P03; past the statement timeout,
// or by an operator, 57014): its transaction is rolled back, and the database is busy rather than
// broken. A connection lost mid-transaction surfaces as the failed ROLLBACK's
// error ("...connection error and is not queryable"), the statement's own error only as an
// earlier cause.
const unavailableErrnos: ReadonlySet<string> = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EPIPE', 'EAI_AGAIN']);
const unavailableSqlStates: ReadonlySet<string> = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
  '53300',
  '55P03',
  '57014',
]);

/** True when the error (or one of its causes) says the database cannot serve the request right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (unavailableErrnos.has(code) || unavailableSqlStates.has(code))) return true;
  if (
    /timeout exceeded when trying to connect|Connection terminated|connection timeout|Client has encountered a connection error/i.test(
      error.message,
    )
  )
    return true;
  const cause = (error as { cause?: unknown }).cause;
  return cause !== undefined && cause !== error && isDatabaseUnavailable(cause);
}
