import { aProperty } from '../support/builders';

/**
 * The Coast group, written as a hotel would: six properties, listed in the file in the reverse
 * of the group's order so that "definition order" is the group's, not the file's. Today is
 * Monday 1 March 2027 in London; the searched stay is Thursday 4 to Saturday 6 March (2 nights).
 * Every room type takes at most 2 adults.
 */
const double = (rooms: string[]) => [{ Code: 'DBL', Name: 'Double', Rooms: rooms, MaximumOccupancy: 2, AdultMaximumOccupancy: 2 }];
const bar = (rate: number, ...seasons: Record<string, unknown>[]) => [
  {
    Code: 'BAR',
    Name: 'Best Available Rate',
    Prices: [{ RoomType: 'DBL', BaseRate: rate }, ...seasons.map((s) => ({ RoomType: 'DBL', BaseRate: rate, ...s }))],
  },
];

/** Sells: £100.00 a night, 2 doubles. */
const harbour = aProperty({ Code: 'HARBOUR', Name: 'Harbour Inn', RoomTypes: double(['1', '2']), RatePlans: bar(100) });
/** Sells in euros: €110.00 a night, 3 doubles. */
const beach = aProperty({ Code: 'BEACH', Name: 'Beach House', Currency: 'EUR', RoomTypes: double(['1', '2', '3']), RatePlans: bar(110) });
/** Sold out on the nights of 4 and 5 March (both doubles closed); £90.00 a night otherwise. */
const cliff = aProperty({
  Code: 'CLIFF',
  Name: 'Cliff Lodge',
  RoomTypes: double(['1', '2']),
  RatePlans: bar(90),
  Closures: [{ RoomType: 'DBL', From: '2027-03-04', To: '2027-03-05', Rooms: 2 }],
});
/** Stays of at least 3 nights only, whatever the arrival; £120.00 a night. */
const dune = aProperty({
  Code: 'DUNE',
  Name: 'Dune Hotel',
  RoomTypes: double(['1', '2']),
  RatePlans: [{ Code: 'BAR', Name: 'Best Available Rate', Prices: [{ RoomType: 'DBL', BaseRate: 120, MinLengthOfStay: 3 }] }],
});
/** Closed to arrival on Thursday 4 March; £130.00 a night; one room per booking. */
const east = aProperty({
  Code: 'EAST',
  Name: 'East Quay',
  RoomTypes: double(['1', '2']),
  RatePlans: bar(130, { From: '2027-03-04', To: '2027-03-04', ClosedToArrival: true }),
  BookingConfiguration: { MaxNumberOfRoomsOnBooking: 1 },
});
/** Sells in Swedish kronor, which no exchange rate converts: 1,000.00 kr a night. */
const fjord = aProperty({ Code: 'FJORD', Name: 'Fjord Rooms', Currency: 'SEK', RoomTypes: double(['1', '2']), RatePlans: bar(1000) });

export const coastGroup = {
  Groups: [{ Code: 'COAST', Name: 'Coast Hotels', Properties: ['HARBOUR', 'BEACH', 'CLIFF', 'DUNE', 'EAST', 'FJORD'] }],
  // 1 GBP = 1.17 EUR.
  ExchangeRates: { Base: 'GBP', Rates: { EUR: 1.17 } },
  Properties: [fjord, east, dune, cliff, beach, harbour],
};

/**
 * The Pair group: one property whose cheap Double (1 unit, £80.00, up to 3 adults) fits both
 * of two parties, and whose Twin (5 units, £150.00, up to 2 adults) fits only the smaller one.
 */
export const pairGroup = {
  Groups: [{ Code: 'PAIR', Name: 'Pair', Properties: ['PAIR'] }],
  Properties: [
    aProperty({
      Code: 'PAIR',
      Name: 'Pair Hotel',
      RoomTypes: [
        { Code: 'DBL', Name: 'Double', Rooms: ['1'], MaximumOccupancy: 3, AdultMaximumOccupancy: 3 },
        { Code: 'TWN', Name: 'Twin', Rooms: ['11', '12', '13', '14', '15'], MaximumOccupancy: 2, AdultMaximumOccupancy: 2 },
      ],
      RatePlans: [
        {
          Code: 'BAR',
          Name: 'Best Available Rate',
          Prices: [
            { RoomType: 'DBL', BaseRate: 80 },
            { RoomType: 'TWN', BaseRate: 150 },
          ],
        },
      ],
    }),
  ],
};

export const adults = (count: number) => ({ NumberOfAdults: count, NumberOfChildren: 0, NumberOfInfants: 0 });
