import { useId } from 'react';
import { useCurrencyChoice } from '../../hooks/use-money';

/** Chooses the currency prices are shown in; charges stay in the property's currency. */
export function CurrencySelector({ className = '' }: { className?: string }) {
  const choice = useCurrencyChoice();
  const id = useId();
  if (choice === null || choice.currencies.length < 2) return null;
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium">
        Currency
      </label>
      <select
        id={id}
        value={choice.displayCurrency}
        onChange={(event) => choice.setDisplayCurrency(event.target.value)}
        className="rounded-md border border-current bg-transparent px-2 py-1.5 text-sm font-semibold text-current [&>option]:text-gray-900"
      >
        {choice.currencies.map((currency) => (
          <option key={currency} value={currency}>
            {currency}
          </option>
        ))}
      </select>
    </div>
  );
}
