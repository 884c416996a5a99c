/** Money of the manage and pre-check-in pages: wire amounts (major units) shown through the page's currency. */
import { toMinor } from '@hotel/domain/money';
import { useMoney } from './use-money';

/**
 * Formats a wire amount; `signed` writes a plus before a rise and a minus before a fall.
 * `currency` is the page's (the booking's) currency, whose minor units the domain's rules count in.
 */
export function useWireMoney() {
  const money = useMoney();
  const show = (amount: number) => money.display(toMinor(amount, money.chargeCurrency));
  const signed = (amount: number) => (amount > 0 ? `+${show(amount)}` : amount < 0 ? `−${show(-amount)}` : show(0));
  return { show, signed, currency: money.chargeCurrency };
}
