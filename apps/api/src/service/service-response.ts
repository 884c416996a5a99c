import { z } from 'zod';
import { sumMinor, toMajor } from '@hotel/domain/money';
import type { OfferedService } from './offered-services';
import type { ArticleRow } from './service-queries';

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

export const servicesResponseSchema = z.object({
  Services: z.array(serviceSchema),
  /**
   * Units free per ServiceId over the nights of the stay it is offered on; null means unlimited.
   * A per-person extra takes one unit per adult and child.
   */
  InventoryPerServiceId: z.record(z.string(), z.number().int().nullable()),
});

export type ServicesResponse = z.infer<typeof servicesResponseSchema>;

function toArticle(row: ArticleRow): z.infer<typeof articleSchema> {
  return { ArticleId: row.id, Name: row.name, Price: toMajor(row.price) };
}

/** The wire's services and the inventory map, money in major units. */
export function toServicesResponse(offered: OfferedService[]): ServicesResponse {
  return {
    Services: offered.map(({ service, articles }) => ({
      ServiceId: service.id,
      ServiceCode: service.code,
      ServiceName: service.name,
      ServiceDescription: service.description,
      ChargeType: service.chargeType,
      ChargePerPerson: service.chargePerPerson,
      Articles: articles.map(toArticle),
      AllowEditOnBookingEngine: service.allowEditOnBookingEngine,
      Price: toMajor(sumMinor(articles.map((article) => article.price))),
      OfferedFrom: service.offeredFrom,
      OfferedTo: service.offeredTo,
    })),
    InventoryPerServiceId: Object.fromEntries(offered.map(({ service, freeUnits }) => [String(service.id), freeUnits])),
  };
}
