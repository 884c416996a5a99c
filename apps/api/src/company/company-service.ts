import type { AppContext } from '../app-context';
import { notFound } from '../errors';
import { findCompaniesByNamePrefix, hasProperty } from './company-queries';
import type { Company } from '@hotel/domain/wire/company-response';
import { toCompany } from './company-response';

/** GET /api/Company/SearchCompanies: a property's companies whose name starts with `prefix`, at most `limit`. */
export async function searchCompanies(
  context: Pick<AppContext, 'database'>,
  search: { propertyId: number; prefix: string; limit: number },
): Promise<Company[]> {
  const { db } = context.database;
  if (!(await hasProperty(db, search.propertyId))) throw notFound(`There is no property ${search.propertyId}.`);
  const rows = await findCompaniesByNamePrefix(db, search.propertyId, search.prefix, search.limit);
  return rows.map(toCompany);
}
