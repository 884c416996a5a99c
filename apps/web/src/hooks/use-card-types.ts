/** GET /api/StaticData/{id}/creditcardtypes: the card types a property accepts (checkout, pre-check-in). */
import useSWR from 'swr';
import { apiGet } from '../lib/api-client';
import type { CardTypeOption } from '../lib/cards';

const cardTypesKey = (propertyId: number) => ['StaticData/creditcardtypes', propertyId] as const;

export function useCardTypes(propertyId: number) {
  return useSWR(cardTypesKey(propertyId), ([, id]) => apiGet<CardTypeOption[]>(`/StaticData/${id}/creditcardtypes`), {
    revalidateOnFocus: false,
  });
}
