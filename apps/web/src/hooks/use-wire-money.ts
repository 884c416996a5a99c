/** Money of the manage and pre-check-in pages: wire amounts (major units) shown through the page's currency. */
import { toMinor } from '@hotel/domain/money';
import { useMoney } from './use-money';

/** Formats a wire amount; `signed` writes a plus before a rise and a minus before a fall. */
export function useWireMoney() {
  const money = useMoney();
  const show = (amount: number) => money.display(toMinor(amount));
  const signed = (amount: number) => (amount > 0 ? `+${show(amount)}` : amount < 0 ? `−${show(-amount)}` : show(0));
  return { show, signed };
}
