import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addDays, todayIn } from '@hotel/domain/dates';
import { paths } from '../lib/paths';
import { fakeApi, renderWithProviders } from '../test/render';
import { RestaurantPage, visitDateOf } from './restaurant-page';

const today = todayIn(new Date(), 'Europe/London');

function openAt(path: string) {
  fakeApi({
    'GET /api/RestaurantBooking/Restaurants': [{ Id: 1, Name: 'The Grill' }],
    'GET /api/RestaurantBooking/RestaurantSetup': {
      CurrencySymbol: '£',
      MinOnlinePartySize: 1,
      MaxOnlinePartySize: 6,
      NoAvailabilityText: '',
    },
    'GET /api/RestaurantBooking/Availability': [],
  });
  renderWithProviders(<RestaurantPage />, { path });
}

describe('Book a table', () => {
  it('opened from a December booking, offers its arrival and names the booking', async () => {
    const arrive = addDays(today, 40);
    openAt(paths.restaurant('TEST', { reservation: 'R-1001', arrive, depart: addDays(arrive, 2), code: 'confirmation-token-1' }));
    expect(await screen.findByLabelText('Date')).toHaveValue(arrive);
    expect(screen.getByLabelText('Name or reservation number')).toHaveValue('R-1001');
  });

  it('opened on its own, offers today', async () => {
    openAt(paths.restaurant('TEST'));
    expect(await screen.findByLabelText('Date')).toHaveValue(today);
  });

  it('offers the first night still to come of a stay, and today for a stay that is over or a link that makes no sense', () => {
    const query = (arrive: string, depart: string) => new URLSearchParams({ arrive, depart });
    const day = '2026-12-10';
    // Arrived on the 8th, leaving on the 11th: tonight, the 10th, is the first night left.
    expect(visitDateOf(query('2026-12-08', '2026-12-11'), day)).toBe('2026-12-10');
    expect(visitDateOf(query('2026-12-20', '2026-12-22'), day)).toBe('2026-12-20');
    expect(visitDateOf(query('2026-12-05', '2026-12-10'), day)).toBe(day);
    expect(visitDateOf(query('2026-12-22', '2026-12-20'), day)).toBe(day);
    expect(visitDateOf(query('not a date', '2026-12-20'), day)).toBe(day);
    expect(visitDateOf(new URLSearchParams(), day)).toBe(day);
  });
});
