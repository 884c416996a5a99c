import type { Request, Response } from 'express';
import type { AppContext } from '../app-context';
import { allowTracking, propertyCodeOfPage } from '../http';
import { findTrackingIds } from './property-queries';

/**
 * For the web client's pages: widens the policy for a property that tracks its visitors, so its
 * tag manager and pixel load (the client adds them only for such a property).
 */
export function allowPropertyTracking(context: Pick<AppContext, 'database' | 'logger'>) {
  return async (req: Request, res: Response): Promise<void> => {
    const code = propertyCodeOfPage(req.path);
    if (code === undefined) return;
    // The page is served even when the database cannot say: with the narrower policy.
    const tracking = await findTrackingIds(context.database.db, code).catch((error: unknown) => {
      context.logger.warn({ err: error }, 'could not read the property of a page; serving it without its tracking');
      return undefined;
    });
    if (!tracking?.googleTagManagerContainerId?.trim() && !tracking?.facebookPixelId?.trim()) return;
    await allowTracking(req, res);
  };
}
