import { z } from 'zod';
import type { AppContext } from '../app-context';
import type { ApiRouter } from '../http/api-router';
import { notFound } from '../http/app-error';
import { rateLimit } from '../http/rate-limit';
import { findCompaniesByNamePrefix, hasProperty } from './company-queries';
import { companySchema, toCompany } from './company-response';

/**
 * Companies are searched by a name prefix of 3+ characters, at most 20 answers, 30 searches a
 * minute per client (docs/domain-rules.md): few enough that the list cannot be walked by
 * trying every two-letter prefix.
 */
const shortestPrefix = 3;
const searchesPerMinute = 30;
const mostAnswers = 20;

const searchQuery = z.object({
  propertyId: z.coerce.number({ error: 'A valid propertyId is required' }).int().min(1).max(2_147_483_647),
  query: z
    .string({ error: `Enter at least ${shortestPrefix} characters of the company name` })
    .trim()
    .min(shortestPrefix, { error: `Enter at least ${shortestPrefix} characters of the company name` })
    .max(100, { error: 'Enter at most 100 characters of the company name' }),
});

export function registerCompanyRoutes(api: ApiRouter, context: AppContext): void {
  const { database } = context;
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
      summary: `Companies whose name starts with the query (${shortestPrefix}+ characters, any case), at most ${mostAnswers}, by name`,
      tag: 'Company',
      query: searchQuery,
      response: z.array(companySchema),
      errors: { 404: 'No property has that id', 429: `More than ${searchesPerMinute} searches a minute from this client` },
    },
    async ({ query }) => {
      if (!(await hasProperty(database.db, query.propertyId))) throw notFound(`There is no property ${query.propertyId}.`);
      const rows = await findCompaniesByNamePrefix(database.db, query.propertyId, query.query, mostAnswers);
      return rows.map(toCompany);
    },
  );
}
