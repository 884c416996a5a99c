import type { Article, ServicesResponse } from '@hotel/domain/wire/service-response';
import { sumMinor, toMajor } from '@hotel/domain/money';
import type { OfferedService } from './offered-services';
import type { ArticleRow } from './service-queries';

function toArticle(row: ArticleRow): Article {
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
