import { isUtf8 } from 'node:buffer';
import express, { type RequestHandler } from 'express';

/** What `toAppError` knows a body that is not UTF-8 by. */
export const NOT_UTF8_TYPE = 'encoding.invalid';

/**
 * The JSON body parser, refusing a body whose bytes are not UTF-8 (RFC 8259 asks JSON to be).
 * Left alone, the decoder would turn each bad byte into U+FFFD and the request would go on,
 * silently changed; a lone surrogate written as bytes (`ED A0 80`) is such a body. A body sent
 * in another Unicode charset is decoded as it says and checked, as text, by the router.
 */
export function jsonBody(limit: string): RequestHandler {
  return express.json({
    limit,
    verify: (_req, _res, bytes, encoding) => {
      if (encoding.toLowerCase() === 'utf-8' && !isUtf8(bytes)) {
        throw Object.assign(new Error('The request body is not UTF-8.'), { type: NOT_UTF8_TYPE });
      }
    },
  });
}
