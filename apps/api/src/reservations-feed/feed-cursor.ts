import { z } from 'zod';
import { invalidField } from '../errors';
import type { FeedPosition } from './reservations-feed-queries';

/** What a cursor carries: the last change served and the `updatedSince` the feed started from. */
export type FeedCursor = { position: FeedPosition | null; since: Date | null };

const XID8_MAX = 18_446_744_073_709_551_615n;

const cursorContent = z.object({
  v: z.literal(1),
  x: z
    .string()
    .regex(/^\d{1,20}$/)
    .refine((text) => BigInt(text) <= XID8_MAX),
  i: z.number().int().min(0).max(2_147_483_647),
  s: z.iso.datetime().nullable(),
});

/** An opaque cursor: base64url JSON. Its content is no contract; only this server reads it. */
export function encodeCursor(cursor: FeedCursor): string {
  const content: z.infer<typeof cursorContent> = {
    v: 1,
    x: cursor.position?.xid ?? '0',
    i: cursor.position?.id ?? 0,
    s: cursor.since?.toISOString() ?? null,
  };
  return Buffer.from(JSON.stringify(content)).toString('base64url');
}

/** The cursor a client sent back; anything this server did not write is a 400 on `cursor`. */
export function decodeCursor(text: string): FeedCursor {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    json = undefined;
  }
  const parsed = cursorContent.safeParse(json);
  if (!parsed.success) throw invalidField('cursor', 'This cursor was not given by this feed: start again with updatedSince');
  const { x, i, s } = parsed.data;
  return { position: x === '0' && i === 0 ? null : { xid: x, id: i }, since: s === null ? null : new Date(s) };
}
