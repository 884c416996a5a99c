import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bookingTotals } from '../../lib/booking-totals';
import { buildItem } from '../../stores/booking-item';
import { aProperty, aRate, aSearchCriteria, aSearchRoomType } from '../../test/builders';
import { renderWithProviders } from '../../test/render';
import { BasketSummary } from './basket-summary';

/** One night at 100.00 for two adults. */
const items = [
  buildItem({
    criteria: aSearchCriteria({ dateTo: '2030-05-02' }),
    roomIndex: 0,
    entry: aSearchRoomType(),
    rate: aRate({ RoomCosts: [{ TotalCost: 100, OriginalTotalCost: 100 }] }),
    hasSelectableServices: false,
    currency: 'GBP',
  }),
];
const unit = { One: 'Room', Many: 'Rooms' };

describe('BasketSummary totals', () => {
  it('adds the VAT to tax-exclusive prices: 100.00 + 8.875 % = 108.88 to pay', () => {
    const property = aProperty({ Currency: 'USD', AvailableCurrencies: ['USD'], StandardVatRate: 8.875, IsStandardTaxExclusive: true });
    // 100.00 x 8.875 / 100 = 8.875 -> 8.88
    renderWithProviders(<BasketSummary items={items} totals={bookingTotals(items, 0, property)} unit={unit} />, {
      property,
    });
    expect(screen.getByText('VAT (8.875%)')).toBeInTheDocument();
    expect(screen.getByTestId('booking-vat')).toHaveTextContent('$8.88');
    expect(screen.getByTestId('booking-total')).toHaveTextContent('$108.88');
  });

  it('shows the VAT a tax-inclusive total holds: 100.00 including 20 % is 16.67', () => {
    const property = aProperty({ StandardVatRate: 20, IsStandardTaxExclusive: false });
    // 100.00 x 20 / 120 = 16.666... -> 16.67
    renderWithProviders(<BasketSummary items={items} totals={bookingTotals(items, 0, property)} unit={unit} />, {
      property,
    });
    expect(screen.getByText('Includes VAT of')).toBeInTheDocument();
    expect(screen.getByTestId('booking-vat')).toHaveTextContent('£16.67');
    expect(screen.getByTestId('booking-total')).toHaveTextContent('£100.00');
  });
});
