import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildItem } from '../../stores/booking-item';
import { aRate, aSearchCriteria, aSearchRoomType } from '../../test/builders';
import { fakeApi, renderWithProviders } from '../../test/render';
import { ExtrasStep } from './extras-step';
import type { ServicesResponse, WireService } from './services-api';

/** Friday 12 to Tuesday 16 March 2027 (four nights) for 2 adults and a child. */
function aFamilyItem() {
  return buildItem({
    criteria: aSearchCriteria({
      dateFrom: '2027-03-12',
      dateTo: '2027-03-16',
      rooms: [{ NumberOfAdults: 2, NumberOfChildren: 1, NumberOfInfants: 0 }],
    }),
    roomIndex: 0,
    entry: aSearchRoomType(),
    rate: aRate({ RoomCosts: [{ TotalCost: 540, OriginalTotalCost: 540 }] }),
    hasSelectableServices: true,
    currency: 'GBP',
  });
}

function aService(overrides: Partial<WireService>): WireService {
  return {
    ServiceId: 1,
    ServiceCode: 'X',
    ServiceName: 'Extra',
    ServiceDescription: '',
    ChargeType: 'PerDay',
    ChargePerPerson: false,
    Articles: [{ ArticleId: 1, Name: 'Extra', Price: 10 }],
    AllowEditOnBookingEngine: true,
    Price: 10,
    OfferedFrom: null,
    OfferedTo: null,
    ...overrides,
  };
}

const services: ServicesResponse = {
  Services: [
    aService({
      ServiceId: 1,
      ServiceName: 'Gala dinner',
      ChargePerPerson: true,
      Articles: [{ ArticleId: 1, Name: 'Dinner', Price: 30 }],
      Price: 30,
      OfferedFrom: '2027-03-14',
      OfferedTo: '2027-03-14',
    }),
    aService({
      ServiceId: 2,
      ServiceName: 'Wine tasting',
      ChargeType: 'PerStay',
      ChargePerPerson: true,
      Articles: [{ ArticleId: 2, Name: 'Seat', Price: 20 }],
      Price: 20,
    }),
  ],
  InventoryPerServiceId: { '1': null, '2': 2 },
};

describe('ExtrasStep', () => {
  it('charges a dated extra for the nights it is offered on, and counts a per-person extra’s seats per guest', async () => {
    fakeApi({ 'GET /api/Service/Get': services });
    const onSave = vi.fn();
    renderWithProviders(<ExtrasStep item={aFamilyItem()} propertyId={7} usedElsewhere={{}} unit={{ One: 'Room' }} onSave={onSave} />);

    // The dinner is served on 14 March only: 30 x 1 night x 3 guests = 90, not 30 x 4 nights x 3 = 360.
    await userEvent.click(await screen.findByLabelText('Add Gala dinner (£90.00)'));
    // Two seats left do not seat three guests.
    expect(screen.getByLabelText(/Add Wine tasting/)).toBeDisabled();
    expect(screen.getByText('Sold out')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith([expect.objectContaining({ ServiceName: 'Gala dinner', Quantity: 1, cost: 9000, units: 3 })]),
    );
  });
});
