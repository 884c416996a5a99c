import { z } from 'zod';

/** A company an organisation booker may invoice: `AccountId` goes back in Reservation/Create. */
export const companySchema = z.object({ AccountId: z.string(), Name: z.string() }).meta({ id: 'Company' });

export type Company = z.infer<typeof companySchema>;
