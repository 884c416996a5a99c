import { describe, expect, it } from 'vitest';
import { parseSearchLink, searchLinkQuery } from '../src/search-link';

const today = '2026-11-24';
const link = (query: string) => parseSearchLink(new URLSearchParams(query), today);

describe('a shareable search link', () => {
  it('opens the stay it names, the party shared over its rooms', () => {
    expect(link('arrive=2026-12-01&depart=2026-12-03&adults=3&children=1&rooms=2&promo=WINTER')).toEqual({
      arrive: '2026-12-01',
      depart: '2026-12-03',
      // 3 adults over 2 rooms: 2 and 1; the one child goes with the first room.
      rooms: [
        { NumberOfAdults: 2, NumberOfChildren: 1, NumberOfInfants: 0 },
        { NumberOfAdults: 1, NumberOfChildren: 0, NumberOfInfants: 0 },
      ],
      promo: 'WINTER',
    });
  });

  it('reads a missing party as one adult in one room, and accepts the date with slashes', () => {
    expect(link('arrive=2026/12/01&depart=2026-12-02')).toEqual({
      arrive: '2026-12-01',
      depart: '2026-12-02',
      rooms: [{ NumberOfAdults: 1, NumberOfChildren: 0, NumberOfInfants: 0 }],
      promo: null,
    });
  });

  it('arrives today at the earliest', () => {
    expect(link('arrive=2026-11-24&depart=2026-11-25')?.arrive).toBe('2026-11-24');
    expect(link('arrive=2026-11-23&depart=2026-11-25')).toBeNull();
  });

  it.each([
    ['no dates', 'adults=2'],
    ['no departure', 'arrive=2026-12-01'],
    ['an impossible date', 'arrive=2027-02-30&depart=2027-03-02'],
    ['words for dates', 'arrive=tomorrow&depart=friday'],
    ['departure before arrival', 'arrive=2026-12-03&depart=2026-12-01'],
    ['no night', 'arrive=2026-12-01&depart=2026-12-01'],
    ['61 nights', 'arrive=2026-12-01&depart=2027-01-31'],
    ['more rooms than adults', 'arrive=2026-12-01&depart=2026-12-02&adults=1&rooms=2'],
    ['no room', 'arrive=2026-12-01&depart=2026-12-02&rooms=0'],
    ['21 rooms', 'arrive=2026-12-01&depart=2026-12-02&adults=21&rooms=21'],
    ['a negative count', 'arrive=2026-12-01&depart=2026-12-02&children=-1'],
    ['a fraction', 'arrive=2026-12-01&depart=2026-12-02&adults=1.5'],
    ['101 infants', 'arrive=2026-12-01&depart=2026-12-02&infants=101'],
  ])('is ignored with %s', (_, query) => {
    expect(link(query)).toBeNull();
  });

  it('sixty nights is the longest stay a link opens', () => {
    // 1 Dec 2026 + 60 nights = 30 Jan 2027.
    expect(link('arrive=2026-12-01&depart=2027-01-30')?.depart).toBe('2027-01-30');
  });

  it('drops a promo code that is only spaces or longer than a code can be', () => {
    expect(link('arrive=2026-12-01&depart=2026-12-02&promo=%20%20')?.promo).toBeNull();
    expect(link(`arrive=2026-12-01&depart=2026-12-02&promo=${'A'.repeat(51)}`)?.promo).toBeNull();
  });

  it('is written back as the same search', () => {
    const search = {
      arrive: '2026-12-01',
      depart: '2026-12-04',
      rooms: [
        { NumberOfAdults: 2, NumberOfChildren: 1, NumberOfInfants: 1 },
        { NumberOfAdults: 1, NumberOfChildren: 0, NumberOfInfants: 0 },
      ],
      promo: 'WINTER',
    };
    expect(searchLinkQuery(search)).toBe('arrive=2026-12-01&depart=2026-12-04&adults=3&children=1&rooms=2&infants=1&promo=WINTER');
    expect(link(searchLinkQuery(search))).toEqual(search);
  });
});
