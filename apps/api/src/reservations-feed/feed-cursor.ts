import { z } from 'zod';
import { invalidField } from '../errors';

/**
 * What a cursor carries: the generation that gave it, the feed number of the last change served
 * (0: none yet) and the `updatedSince` the feed started from. A cursor written before feed
 * numbers (version 1, a transaction id) has no place among them: `retired`.
 */
export type FeedCursor =
  { retired: false; generation: string | null; seq: bigint; since: Date | null } | { retired: true; since: Date | null };

const BIGINT_MAX = 9_223_372_036_854_775_807n;

const since = z.iso.datetime().nullable();

const cursorContent = z.discriminatedUnion('v', [
  z.object({
    v: z.literal(2),
    g: z.uuid(),
    n: z
      .string()
      .regex(/^\d{1,19}$/)
      .refine((text) => BigInt(text) <= BIGINT_MAX),
    s: since,
  }),
  z.object({ v: z.literal(1), x: z.string().regex(/^\d{1,20}$/), i: z.number().int().min(0), s: since }),
]);

/** An opaque cursor: base64url JSON. Its content is no contract; only this server reads it. */
export function encodeCursor(cursor: { generation: string; seq: bigint; since: Date | null }): string {
  const content: z.infer<typeof cursorContent> = {
    v: 2,
    g: cursor.generation,
    n: cursor.seq.toString(),
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
  const content = parsed.data;
  const start = content.s === null ? null : new Date(content.s);
  if (content.v === 1) return { retired: true, since: start };
  return { retired: false, generation: content.g, seq: BigInt(content.n), since: start };
}
