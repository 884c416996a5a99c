import type { Company } from '@hotel/domain/wire/company-response';
import type { CompanyRow } from './company-queries';

export function toCompany(row: CompanyRow): Company {
  return { AccountId: row.accountId, Name: row.name };
}
