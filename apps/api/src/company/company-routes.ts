import { z } from 'zod';
import { queryId } from '@hotel/domain/wire/parameters';
import type { AppContext } from '../app-context';
import { type ApiRouter, rateLimit } from '../http';
import { companySchema } from '@hotel/domain/wire/company-response';
import { searchCompanies } from './company-service';

/**
 * Companies are searched by a name prefix of 3+ characters, at most 20 answers, 30 searches a
 * minute per client (docs/domain-rules.md): few enough that the list cannot be walked by
 * trying every two-letter prefix.
 */
const shortestPrefix = 3;
const searchesPerMinute = 30;
const mostAnswers = 20;

const searchQuery = z.object({
  propertyId: queryId('propertyId'),
  query: z
    .string({ error: `Enter at least ${shortestPrefix} characters of the company name` })
    .trim()
    .min(shortestPrefix, { error: `Enter at least ${shortestPrefix} characters of the company name` })
    .max(100, { error: 'Enter at most 100 characters of the company name' }),
});

export function registerCompanyRoutes(api: ApiRouter, context: AppContext): void {
  api.router.get(
    '/Company/SearchCompanies',
    rateLimit(
      {
        name: 'company-search-ip',
        windowMs: 60_000,
        limit: searchesPerMinute,
        message: 'Too many company searches from your network. Please wait a minute and try again.',
      },
      context,
    ),
  );
  api.route(
    {
      method: 'get',
      path: '/api/Company/SearchCompanies',
      operationId: 'searchCompanies',
      summary: `Companies whose name starts with the query (${shortestPrefix}+ characters, any case), at most ${mostAnswers}, by name, of those the logged-in account books for (its confirmed address linked to the company or at its e-mail domain); none without such a session`,
      tag: 'Company',
      query: searchQuery,
      response: z.array(companySchema),
      errors: { 404: 'No property has that id', 429: `More than ${searchesPerMinute} searches a minute from this client` },
    },
    ({ query }, req) =>
      searchCompanies(context, { propertyId: query.propertyId, prefix: query.query, limit: mostAnswers, account: req.user ?? null }),
  );
}
