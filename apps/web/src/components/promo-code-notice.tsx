import { Notice } from './notice';

/**
 * What a search answered about its promo code, as the property's search and the group search
 * both answer it: a refused code's reason as a warning, a taken code's message as good news.
 * Nothing without a code, or for a taken code whose promotion has no message.
 */
export function PromoCodeNotice({ answer }: { answer: { IsPromoCodeValid: boolean | null; PromoCodeMessage: string | null } }) {
  if (!answer.PromoCodeMessage) return null;
  if (answer.IsPromoCodeValid === false) {
    return (
      <Notice tone="warning" title="Promo code" live>
        {answer.PromoCodeMessage}
      </Notice>
    );
  }
  if (answer.IsPromoCodeValid === true) {
    return (
      <Notice tone="positive" title="Promo code applied">
        {answer.PromoCodeMessage}
      </Notice>
    );
  }
  return null;
}
