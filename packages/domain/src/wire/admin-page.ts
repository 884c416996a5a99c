import { z } from 'zod';

/**
 * The one envelope of the admin API's lists that come a page at a time (the reservations feed,
 * the webhook delivery log): `Items`, `NextCursor` to send as `cursor` for the next page, and
 * `HasMore`, whether that page has items now. The feed never ends, so its `NextCursor` is never
 * null (poll it later); a finite list's is null after its last page.
 */
export function adminPageSchema<Item extends z.ZodType>(item: Item) {
  return z.object({
    Items: z.array(item),
    NextCursor: z.string().nullable(),
    HasMore: z.boolean(),
  });
}
