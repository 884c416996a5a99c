import { companyBookerKey, type CompanyBookerAccount } from '@hotel/domain/checkout';
import type { AppContext } from '../app-context';
import { notFound } from '../errors';
import { findCompaniesByNamePrefix, hasProperty } from './company-queries';
import type { Company } from '@hotel/domain/wire/company-response';
import { toCompany } from './company-response';

/**
 * GET /api/Company/SearchCompanies: a property's companies whose name starts with `prefix`, at
 * most `limit`, of those the logged-in account may book for (`isCompanyBooker`). Anyone else
 * (no session, an unconfirmed address) finds none: a company's AccountId is not handed out.
 */
export async function searchCompanies(
  context: Pick<AppContext, 'database'>,
  search: { propertyId: number; prefix: string; limit: number; account: CompanyBookerAccount | null },
): Promise<Company[]> {
  const { db } = context.database;
  if (!(await hasProperty(db, search.propertyId))) throw notFound(`There is no property ${search.propertyId}.`);
  if (!search.account?.emailConfirmed) return [];
  const booker = companyBookerKey(search.account.email);
  const rows = await findCompaniesByNamePrefix(db, { ...search, booker });
  return rows.map(toCompany);
}
