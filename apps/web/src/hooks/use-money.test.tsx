import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { Price } from '../components/price';
import { CurrencySelector } from '../features/currency/currency-selector';
import { fakeApi } from '../test/render';
import { CurrencyProvider, useMoney } from './use-money';

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
