import { openMailBody, outboxKey } from '../../src/mail/outbox';
import type { TestApp } from './test-app';

/** An outbox row with its sealed body opened, as the dispatcher sends it. */
export function opened<Row extends { html: string; text: string }>(t: Pick<TestApp, 'context'>, row: Row): Row {
  const key = outboxKey(t.context.config);
  return { ...row, html: openMailBody(row.html, key), text: openMailBody(row.text, key) };
}
