import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { stayDatesText } from '@hotel/domain/dates';
import { StaySummary } from './stay-summary';

const unit = { count: (n: number) => `${n} ${n === 1 ? 'room' : 'rooms'}` };

describe('the stay over the search results', () => {
  it('writes the year once for a stay within one year, on both dates when it spans two', () => {
    expect(stayDatesText('2026-12-04', '2026-12-06')).toBe('Fri 4 Dec – Sun 6 Dec 2026');
    expect(stayDatesText('2026-12-30', '2027-01-02')).toBe('Wed 30 Dec 2026 – Sat 2 Jan 2027');
  });

  it('counts nights, rooms and guests in the singular for one and adds the rooms’ guests together', () => {
    const { rerender } = render(
      <StaySummary
        from="2026-12-04"
        to="2026-12-05"
        rooms={[{ NumberOfAdults: 1, NumberOfChildren: 0, NumberOfInfants: 0 }]}
        unit={unit}
      />,
    );
    expect(screen.getByTestId('stay-summary')).toHaveTextContent('Fri 4 Dec – Sat 5 Dec 2026 · 1 night · 1 room, 1 adult');
    rerender(
      <StaySummary
        from="2026-12-04"
        to="2026-12-06"
        rooms={[
          { NumberOfAdults: 2, NumberOfChildren: 1, NumberOfInfants: 0 },
          { NumberOfAdults: 1, NumberOfChildren: 1, NumberOfInfants: 1 },
        ]}
        unit={unit}
      />,
    );
    expect(screen.getByTestId('stay-summary')).toHaveTextContent(
      'Fri 4 Dec – Sun 6 Dec 2026 · 2 nights · 2 rooms, 3 adults, 2 children, 1 infant',
    );
  });
});
