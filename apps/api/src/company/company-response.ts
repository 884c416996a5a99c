import { z } from 'zod';
import type { CompanyRow } from './company-queries';

/** A company an organisation booker may invoice: `AccountId` goes back in Reservation/Create. */
export const companySchema = z.object({ AccountId: z.string(), Name: z.string() });

export type Company = z.infer<typeof companySchema>;

export function toCompany(row: CompanyRow): Company {
  return { AccountId: row.accountId, Name: row.name };
}
