import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOW_AVAILABILITY_THRESHOLD, showsLowAvailabilityBadge, smallestFreeCount } from '../src/inventory';
import {
  canBookServiceQuantity,
  CHARGE_TYPES,
  chargeMultiplier,
  freeServiceUnits,
  offeredNights,
  serviceCost,
  serviceGuests,
  servicesAreEditable,
  serviceUnits,
  type ServicePricing,
} from '../src/services';
import { partyArbitrary } from './arbitraries';

const party = (adults: number, children = 0, infants = 0) => ({
  NumberOfAdults: adults,
  NumberOfChildren: children,
  NumberOfInfants: infants,
});

// Services of property-definition.example.json, prices in pence
const breakfast: ServicePricing = { ChargeType: 'PerDay', ChargePerPerson: true, Articles: [{ Price: 1450 }] };
const parking: ServicePricing = { ChargeType: 'PerDay', ChargePerPerson: false, Articles: [{ Price: 1800 }] };
const prosecco: ServicePricing = { ChargeType: 'PerQuantity', ChargePerPerson: false, Articles: [{ Price: 2800 }] };
const welcomePack: ServicePricing = { ChargeType: 'PerStay', ChargePerPerson: true, Articles: [{ Price: 500 }, { Price: 250 }] };

describe('service cost = sum of article prices x multiplier x (adults + children when per person)', () => {
  it.each([
    [breakfast, { nights: 3, quantity: 1, party: party(2, 1, 1) }, 1450 * 3 * 3, 'per day, per person: infants not counted'],
    [parking, { nights: 3, quantity: 1, party: party(2, 1) }, 1800 * 3, 'per day'],
    [prosecco, { nights: 3, quantity: 2, party: party(2) }, 2800 * 2, 'per quantity'],
    [welcomePack, { nights: 5, quantity: 4, party: party(1, 1) }, 750 * 2, 'per stay, per person, two articles'],
    [{ ...welcomePack, Articles: [] }, { nights: 5, quantity: 1, party: party(2) }, 0, 'no articles'],
  ])('%#: %s', (service, stay, cost) => {
    expect(serviceCost(service, stay)).toBe(cost);
  });

  it('counts adults + children for services, never infants', () => {
    expect(serviceGuests(party(2, 3, 4))).toBe(5);
    expect(CHARGE_TYPES).toEqual(['PerStay', 'PerDay', 'PerQuantity']);
  });

  it('scales linearly with nights, quantity and guests as the charge type says', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CHARGE_TYPES),
        fc.boolean(),
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 20 }),
        partyArbitrary,
        (chargeType, perPerson, prices, nights, quantity, guests) => {
          const service: ServicePricing = {
            ChargeType: chargeType,
            ChargePerPerson: perPerson,
            Articles: prices.map((Price) => ({ Price })),
          };
          const one = serviceCost(service, { nights: 1, quantity: 1, party: party(1) });
          const cost = serviceCost(service, { nights, quantity, party: guests });
          const multiplier = chargeType === 'PerStay' ? 1 : chargeType === 'PerDay' ? nights : quantity;
          const people = perPerson ? guests.NumberOfAdults + guests.NumberOfChildren : 1;
          expect(cost).toBe(one * multiplier * people);
          expect(chargeMultiplier(chargeType, { nights, quantity })).toBe(multiplier);
          // doubling what the charge type counts doubles the cost
          const doubled = serviceCost(service, { nights: nights * 2, quantity: quantity * 2, party: guests });
          expect(doubled).toBe(chargeType === 'PerStay' ? cost : cost * 2);
        },
      ),
    );
  });
});

describe('a service offered on some nights is charged, and takes its units, on those nights only', () => {
  const gala: ServicePricing = { ChargeType: 'PerDay', ChargePerPerson: true, Articles: [{ Price: 3000 }] };

  it('charges a per-person gala dinner offered on 14 March once for a 4-night stay: 30 x 1 night x 3 guests = 90', () => {
    const nights = offeredNights({ OfferedFrom: '2027-03-14', OfferedTo: '2027-03-14' }, '2027-03-12', '2027-03-16');
    expect(nights).toEqual(['2027-03-14']);
    expect(serviceCost(gala, { nights: nights.length, quantity: 1, party: party(2, 1) })).toBe(9000);
  });

  it('offers an open-ended service on every night, and none outside its window', () => {
    expect(offeredNights({}, '2027-03-12', '2027-03-14')).toEqual(['2027-03-12', '2027-03-13']);
    expect(offeredNights({ OfferedFrom: '2027-03-13' }, '2027-03-12', '2027-03-15')).toEqual(['2027-03-13', '2027-03-14']);
    expect(offeredNights({ OfferedTo: '2027-03-11' }, '2027-03-12', '2027-03-15')).toEqual([]);
  });

  it('takes a unit per guest (adults + children) of a per-person service, one per quantity otherwise', () => {
    expect(serviceUnits(gala, { quantity: 1, party: party(2, 1, 1) })).toBe(3);
    expect(serviceUnits(parking, { quantity: 1, party: party(2, 1) })).toBe(1);
    expect(serviceUnits(prosecco, { quantity: 4, party: party(2) })).toBe(4);
    // Two seats left: a party of 2 adults and a child needs three.
    expect(canBookServiceQuantity(2, serviceUnits(gala, { quantity: 1, party: party(2, 1) }))).toBe(false);
  });
});

describe("service inventory: the smallest free count over the stay's nights vs the requested quantity", () => {
  it('takes the scarcest night, null StartingInventory meaning unlimited', () => {
    expect(freeServiceUnits(6, [1, 4, 2])).toBe(2);
    expect(freeServiceUnits(6, [7])).toBe(0);
    expect(freeServiceUnits(null, [100])).toBeNull();
    expect(smallestFreeCount([])).toBe(0);
  });

  it.each([
    [2, 2, 0, true],
    [2, 3, 0, false],
    [2, 1, 1, true],
    [2, 1, 2, false],
    [null, 999, 999, true],
  ])('available %s, requested %s with %s in the basket: %s', (available, quantity, inBasket, ok) => {
    expect(canBookServiceQuantity(available, quantity, inBasket)).toBe(ok);
  });

  it('shows the availability badge at 3 or fewer rooms', () => {
    expect(LOW_AVAILABILITY_THRESHOLD).toBe(3);
    expect([0, 1, 3, 4].map(showsLowAvailabilityBadge)).toEqual([false, true, true, false]);
  });
});

describe('services are editable if there are none, or any is editable, or one was just added', () => {
  it.each([
    [[], false, true],
    [[{ AllowEditOnBookingEngine: false }, { AllowEditOnBookingEngine: true }], false, true],
    [[{ AllowEditOnBookingEngine: false }], true, true],
    [[{ AllowEditOnBookingEngine: false }, { AllowEditOnBookingEngine: null }], false, false],
  ])('%o, just added %s -> %s', (services, justAdded, editable) => {
    expect(servicesAreEditable(services, justAdded)).toBe(editable);
  });
});
