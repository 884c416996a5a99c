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
});

export const servicesResponseSchema = z.object({
  Services: z.array(serviceSchema),
  /** Units free over the whole stay per ServiceId; null means unlimited. */
  InventoryPerServiceId: z.record(z.string(), z.number().int().nullable()),
});

export type ServicesResponse = z.infer<typeof servicesResponseSchema>;

function toArticle(row: ArticleRow): z.infer<typeof articleSchema> {
  return { ArticleId: row.id, Name: row.name, Price: toMajor(row.price) };
}

/** The spec's Service entities and the inventory map, money in major units. */
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
    })),
    InventoryPerServiceId: Object.fromEntries(offered.map(({ service, freeUnits }) => [String(service.id), freeUnits])),
  };
}
