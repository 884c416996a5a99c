import { z } from 'zod';

export const countrySchema = z
  .object({
    CountryId: z.number().int(),
    Name: z.string(),
    /** ISO 3166-1 alpha-2, e.g. GB. */
    Code: z.string(),
    /** International dialling code with its plus sign ("+44"); null for uninhabited territories. */
    DiallingCode: z.string().nullable(),
  })
  .meta({ id: 'Country' });

export const creditCardTypeSchema = z
  .object({ CreditCardTypeId: z.number().int(), Name: z.string(), Code: z.string() })
  .meta({ id: 'CreditCardType' });

export const cancellationReasonSchema = z
  .object({ CancellationReasonId: z.number().int(), Reason: z.string() })
  .meta({ id: 'CancellationReason' });

export type Country = z.infer<typeof countrySchema>;
export type CreditCardType = z.infer<typeof creditCardTypeSchema>;
export type CancellationReason = z.infer<typeof cancellationReasonSchema>;
