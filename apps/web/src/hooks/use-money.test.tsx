import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { Price } from '../components/price';
import { CurrencySelector } from '../features/currency/currency-selector';
import { fakeApi } from '../test/render';
import type { Rate as WireRate } from '@hotel/domain/wire/search-response';
import { roomCostOf } from '../lib/rate-price';
import { CurrencyProvider, useMoney } from './use-money';
import { useWireMoney } from './use-wire-money';

// ICU separates some currency codes from the figure with a no-break space; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

function Charged() {
  const money = useMoney();
  return <p>{money.converted ? `charged ${money.charged(10_000)}` : 'not converted'}</p>;
}

describe('display currency', () => {
  it('converts prices for display only, keeping the charge in the property currency', async () => {
    fakeApi({ 'GET /api/CurrencyExchangeRate': { Base: 'GBP', Rates: { GBP: 1, EUR: 1.17 } } });
    render(
      <SWRConfig value={{ provider: () => new Map() }}>
        <CurrencyProvider propertyCode="TEST" currency="GBP" available={['GBP', 'EUR', 'XYZ']}>
          <CurrencySelector />
          <Price amount={10_000} original={12_000} />
          <Charged />
        </CurrencyProvider>
      </SWRConfig>,
    );
    expect(screen.getByText('£100.00')).toBeInTheDocument();
    expect(screen.getByText('£120.00')).toBeInTheDocument();
    expect([...screen.getByLabelText('Currency').querySelectorAll('option')].map((option) => option.value)).toEqual(['GBP', 'EUR']);
    await userEvent.selectOptions(screen.getByLabelText('Currency'), 'EUR');
    expect(await screen.findByText('€117.00')).toBeInTheDocument();
    expect(screen.getByText('€140.40')).toBeInTheDocument();
    expect(screen.getByText('charged £100.00')).toBeInTheDocument();
    expect(localStorage.getItem('hotel:currency:TEST')).toBe('EUR');
  });
});

function WirePrice(props: { total: number }) {
  const { show } = useWireMoney();
  return <p>{show(props.total)}</p>;
}

describe('a currency with no decimals, or with three', () => {
  // A search answers each room's price in major units of the property's currency; the page
  // reads it in its minor units (yen, fils) and shows exactly the currency's decimals.
  const rate = (TotalCost: number) => ({ RoomCosts: [{ TotalCost, OriginalTotalCost: TotalCost }] }) as unknown as WireRate;
  it.each([
    // ¥170,173: yen have no decimals, so no ".00" and no ¥170,178.55.
    ['JPY', 170173, 'JP¥170,173'],
    // 129.518 KWD: three decimals, the last one kept.
    ['KWD', 129.518, 'KWD 129.518'],
    // 5.1 KWD is written 5.100, as every dinar amount.
    ['KWD', 5.1, 'KWD 5.100'],
  ])('shows a %s price of %s as %s', (currency, total, written) => {
    const cost = roomCostOf(rate(total), 0, currency)!;
    render(
      <CurrencyProvider propertyCode={currency} currency={currency} available={[]}>
        <Price amount={cost.total} />
        <WirePrice total={total} />
      </CurrencyProvider>,
    );
    expect(
      screen.getAllByText((_, element) => element?.childElementCount === 0 && plain(element.textContent ?? '') === written),
    ).toHaveLength(2);
  });
});

describe('a JPY property shown in pounds', () => {
  it('converts yen to pence, rounding once to a whole penny, and says what is charged in yen', async () => {
    fakeApi({ 'GET /api/CurrencyExchangeRate': { Base: 'GBP', Rates: { GBP: 1, JPY: 188.7 } } });
    render(
      <SWRConfig value={{ provider: () => new Map() }}>
        <CurrencyProvider propertyCode="TOKYO" currency="JPY" available={['JPY', 'GBP']}>
          <CurrencySelector />
          <Price amount={170173} />
        </CurrencyProvider>
      </SWRConfig>,
    );
    expect(screen.getByText('JP¥170,173')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Currency'), 'GBP');
    // ¥170,173 / 188.7 = £901.8177 = 90,181.77 pence -> £901.82.
    expect(await screen.findByText('£901.82')).toBeInTheDocument();
  });
});
