import { z } from 'zod';

/** The largest diagnostic a browser may send; a bigger one is refused with 413 before it is read further. */
export const largestLogBodyBytes = 8 * 1024;

export const logLevels = ['error', 'warn', 'info'] as const;

/** What the web client reports about a failure: message, code, status, url and method. */
export const logRequestSchema = z.object({
  Level: z.enum(logLevels, { error: 'Level must be error, warn or info' }),
  Message: z.string({ error: 'Message is required' }).trim().min(1, { error: 'Message is required' }).max(2000),
  Code: z.string().max(100).nullish(),
  Status: z.number().int().min(0).max(999).nullish(),
  Url: z.string().max(2000).nullish(),
  Method: z
    .string()
    .max(10)
    .regex(/^[A-Za-z]+$/, { error: 'Method must be an HTTP method such as GET' })
    .nullish(),
  Details: z.string().max(4000).nullish(),
});

export type LogRequest = z.infer<typeof logRequestSchema>;
