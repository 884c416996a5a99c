import type { Article, ServicesResponse } from '@hotel/domain/wire/service-response';
import { sumMinor, toMajor } from '@hotel/domain/money';
import type { OfferedServices } from './offered-services';
import type { ArticleRow } from './service-queries';

function toArticle(row: ArticleRow, currency: string): Article {
  return { ArticleId: row.id, Name: row.name, Price: toMajor(row.price, currency) };
}

/** The wire's services and the inventory map, money in major units of the property's currency. */
export function toServicesResponse({ currency, services: offered }: OfferedServices): ServicesResponse {
  return {
    Services: offered.map(({ service, articles }) => ({
      ServiceId: service.id,
      ServiceCode: service.code,
      ServiceName: service.name,
      ServiceDescription: service.description,
      ChargeType: service.chargeType,
      ChargePerPerson: service.chargePerPerson,
      Articles: articles.map((article) => toArticle(article, currency)),
      AllowEditOnBookingEngine: service.allowEditOnBookingEngine,
      Price: toMajor(sumMinor(articles.map((article) => article.price)), currency),
      OfferedFrom: service.offeredFrom,
      OfferedTo: service.offeredTo,
    })),
    InventoryPerServiceId: Object.fromEntries(offered.map(({ service, freeUnits }) => [String(service.id), freeUnits])),
  };
}
