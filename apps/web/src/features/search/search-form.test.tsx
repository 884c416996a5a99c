import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { addDays } from '@hotel/domain/dates';
import { aBookConfig, aProperty } from '../../test/builders';
import { renderWithProviders } from '../../test/render';
import type { BookingConfigurationResponse as BookConfig } from '@hotel/domain/wire/book-config-response';
import type { PropertyResponse as Property } from '@hotel/domain/wire/property-response';
import { calendarDays } from './calendar-days';
import type { SearchValues } from './search-check';
import { SearchForm } from './search-form';

const today = '2030-05-01';
const unit = { One: 'Room', one: 'room', Many: 'Rooms', many: 'rooms' };

function renderForm(
  options: {
    property?: Property;
    config?: BookConfig;
    initial?: Partial<SearchValues>;
    onSearch?: () => void;
    calendar?: ReturnType<typeof calendarDays>;
  } = {},
) {
  const property = options.property ?? aProperty();
  const config = options.config ?? aBookConfig();
  const onSearch = options.onSearch ?? vi.fn();
  const onContactUs = vi.fn();
  renderWithProviders(
    <SearchForm
      property={property}
      config={config}
      today={today}
      initial={{
        dateFrom: null,
        dateTo: null,
        rooms: [{ NumberOfAdults: 2, NumberOfChildren: 0, NumberOfInfants: 0 }],
        promoCode: '',
        ratePlanCode: '',
        locationId: null,
        ...options.initial,
      }}
      calendar={options.calendar}
      isMobile={false}
      unit={unit}
      searching={false}
      onCalendarWanted={() => undefined}
      onLocationChange={() => undefined}
      onContactUs={onContactUs}
      onSearch={onSearch}
    />,
    { property, config },
  );
  return { onSearch, onContactUs };
}

describe('SearchForm', () => {
  it('keeps the dates and guests of a half-filled search through a reload', async () => {
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: /Sunday, 5 May 2030/ }));
    await userEvent.click(screen.getByRole('button', { name: /Tuesday, 7 May 2030/ }));
    await userEvent.click(screen.getByRole('button', { name: 'More Adults' }));
    expect(screen.getByText('2 nights')).toBeInTheDocument();
    cleanup();

    renderForm();
    expect(screen.getByTestId('arrival-date')).toHaveTextContent('Sun 5th May 2030');
    expect(screen.getByTestId('departure-date')).toHaveTextContent('Tue 7th May 2030');
    expect(screen.getByRole('spinbutton', { name: 'Adults' })).toHaveAttribute('aria-valuenow', '3');
  });

  it('counts one night as "1 night"', async () => {
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: /Sunday, 5 May 2030/ }));
    await userEvent.click(screen.getByRole('button', { name: /Monday, 6 May 2030/ }));
    expect(screen.getByText('1 night')).toBeInTheDocument();
  });

  it('asks for dates before searching', async () => {
    const { onSearch } = renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Search availability' }));
    // The first search of the file loads the wire schema's chunk: on a busy machine that takes over findByText's second.
    expect(await screen.findByText('Please choose your arrival and departure dates.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('searches with the chosen dates, rooms and promo code', async () => {
    const { onSearch } = renderForm();
    await userEvent.click(screen.getByRole('button', { name: /Sunday, 5 May 2030/ }));
    await userEvent.click(screen.getByRole('button', { name: /Tuesday, 7 May 2030/ }));
    expect(screen.getByTestId('arrival-date')).toHaveTextContent('Sun 5th May 2030');
    expect(screen.getByTestId('departure-date')).toHaveTextContent('Tue 7th May 2030');
    await userEvent.click(screen.getByRole('button', { name: 'More Children' }));
    await userEvent.type(screen.getByLabelText('Promo code'), 'SPRING');
    await userEvent.click(screen.getByRole('button', { name: 'Search availability' }));
    await waitFor(() => expect(onSearch).toHaveBeenCalled());
    expect(onSearch).toHaveBeenCalledWith(
      expect.objectContaining({
        dateFrom: '2030-05-05',
        dateTo: '2030-05-07',
        promoCode: 'SPRING',
        rooms: [{ NumberOfAdults: 2, NumberOfChildren: 1, NumberOfInfants: 0 }],
      }),
    );
  });

  it('shows children and infants only as the property enables them, with its labels and limits', () => {
    renderForm({
      property: aProperty({ EnableChildrenSearch: false, EnableInfantSearch: true, InfantLabel: 'Babies (0-2)', AdultMaximumOccupancy: 2 }),
    });
    expect(screen.queryByText('Children')).not.toBeInTheDocument();
    expect(screen.getByText('Babies (0-2)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'More Adults' })).toBeDisabled();
  });

  it('hides the promo code when the configuration says so', () => {
    renderForm({ config: aBookConfig({ HidePromoCodeOnLandingPage: true }) });
    expect(screen.queryByLabelText('Promo code')).not.toBeInTheDocument();
  });

  it('stops at the maximum number of rooms and offers to contact the hotel', async () => {
    const { onContactUs } = renderForm({ config: aBookConfig({ MaxNumberOfRoomsOnBooking: 1 }) });
    await userEvent.click(screen.getByRole('button', { name: /Add another room/ }));
    expect(screen.getAllByRole('group', { name: /Room \d/ })).toHaveLength(1);
    expect(screen.getByText(/maximum number of rooms on a booking has been reached/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Contact us' }));
    expect(onContactUs).toHaveBeenCalled();
  });

  it('disables arrivals the availability calendar shows closed and shows the minimum stay badge', async () => {
    const calendar = calendarDays(
      [
        { DateOfStay: '2030-05-10', AvailableRooms: 0, Rates: [{ RatePlanId: 1, MinLengthOfStay: 1, MinimumRate: 90 }] },
        { DateOfStay: '2030-05-11', AvailableRooms: 4, Rates: [{ RatePlanId: 1, MinLengthOfStay: 3, MinimumRate: 90 }] },
        { DateOfStay: '2030-05-12', AvailableRooms: 4, Rates: [{ RatePlanId: 1, MinLengthOfStay: 1, MinimumRate: 90 }] },
      ],
      1,
    );
    renderForm({ calendar });
    expect(screen.getByRole('button', { name: /Friday, 10 May 2030, unavailable/ })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(screen.getByRole('button', { name: /Saturday, 11 May 2030, 3 night minimum/ }));
    expect(screen.getByTestId('minimum-stay-badge')).toHaveTextContent('3 night minimum');
    await userEvent.click(screen.getByRole('button', { name: /Sunday, 12 May 2030/ }));
    expect(screen.getByText('Minimum length of stay not met')).toBeInTheDocument();
  });

  it('warns and refuses a same-day arrival after the cut-off, 100 ms after the dates are set', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const now = new Date();
      const todayHere = now.toISOString().slice(0, 10);
      vi.setSystemTime(now);
      const onSearch = vi.fn();
      renderWithProviders(
        <SearchForm
          property={aProperty({ TimeZone: 'UTC' })}
          config={aBookConfig({
            SameDayBookingRestrictionEnabled: true,
            SameDayBookingRestrictionHour: 0,
            SameDayBookingRestrictionMinute: 0,
          })}
          today={todayHere}
          initial={{
            dateFrom: todayHere,
            dateTo: addDays(todayHere, 1),
            rooms: [{ NumberOfAdults: 1, NumberOfChildren: 0, NumberOfInfants: 0 }],
            promoCode: '',
            ratePlanCode: '',
            locationId: null,
          }}
          calendar={undefined}
          isMobile={false}
          unit={unit}
          searching={false}
          onCalendarWanted={() => undefined}
          onLocationChange={() => undefined}
          onContactUs={() => undefined}
          onSearch={onSearch}
        />,
      );
      expect(screen.queryByText('No more bookings for tonight.')).not.toBeInTheDocument();
      await act(async () => {
        vi.advanceTimersByTime(100);
      });
      expect(screen.getByText('No more bookings for tonight.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Search availability' })).toBeDisabled();
      fireEvent.submit(screen.getByRole('form', { name: 'Search availability' }));
      expect(onSearch).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
