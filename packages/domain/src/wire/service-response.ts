import { z } from 'zod';

const articleSchema = z.object({ ArticleId: z.number().int(), Name: z.string(), Price: z.number() });

const serviceSchema = z.object({
  ServiceId: z.number().int(),
  ServiceCode: z.string(),
  ServiceName: z.string(),
  ServiceDescription: z.string(),
  ChargeType: z.enum(['PerStay', 'PerDay', 'PerQuantity']),
  ChargePerPerson: z.boolean(),
  Articles: z.array(articleSchema),
  AllowEditOnBookingEngine: z.boolean(),
  /** The sum of the article prices, in major units: one unit, before the charge type and per-person multipliers. */
  Price: z.number(),
  /**
   * The dates it is offered on, both included (null: open on that side). A per-day extra is
   * charged for the nights of the stay inside them only, and a limited one takes its units there.
   */
  OfferedFrom: z.string().nullable(),
  OfferedTo: z.string().nullable(),
});

export const servicesResponseSchema = z
  .object({
    Services: z.array(serviceSchema),
    /**
     * Units free per ServiceId over the nights of the stay it is offered on; null means unlimited.
     * A per-person extra takes one unit per adult and child.
     */
    InventoryPerServiceId: z.record(z.string(), z.number().int().nullable()),
  })
  .meta({ id: 'Services' });

export type Article = z.infer<typeof articleSchema>;
export type ServicesResponse = z.infer<typeof servicesResponseSchema>;
