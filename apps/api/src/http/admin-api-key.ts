import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { AppError } from '../errors';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Guards integrator-only calls with ADMIN_API_KEY, sent as `X-Api-Key` or `Authorization: Bearer`.
 * Both sides are hashed first so the comparison is constant-time whatever the lengths.
 */
export function requireAdminApiKey(adminApiKey: string | undefined): RequestHandler {
  const expected = adminApiKey ? digest(adminApiKey) : undefined;
  return (req, _res, next) => {
    const header = req.get('x-api-key') ?? req.get('authorization')?.replace(/^Bearer\s+/i, '');
    if (!expected || !header || !timingSafeEqual(digest(header), expected)) {
      throw new AppError(
        'UNAUTHORISED',
        expected ? 'A valid API key is required (X-Api-Key header).' : 'The admin API is disabled: set ADMIN_API_KEY to enable it.',
      );
    }
    next();
  };
}
