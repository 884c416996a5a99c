import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DateRangePicker, type DateRange } from './date-range-picker';

function Picker() {
  const [range, setRange] = useState<DateRange>({ from: null, to: null });
  return (
    <>
      <DateRangePicker
        value={range}
        onChange={setRange}
        today="2030-05-29"
        lastDate="2033-05-29"
        days={undefined}
        showMinimumStay
        monthsShown={1}
      />
      <output>
        {range.from ?? '-'} {range.to ?? '-'}
      </output>
    </>
  );
}

describe('DateRangePicker', () => {
  it('moves by day, week and month with the keyboard and picks with Enter', async () => {
    render(<Picker />);
    const today = screen.getByRole('button', { name: /Wednesday, 29 May 2030/ });
    expect(today).toHaveAttribute('tabindex', '0');
    today.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    // Past the end of May the grid turns to June by itself.
    expect(screen.getByRole('heading', { name: 'June 2030' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Saturday, 1 Jun 2030/ })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByText('2030-06-01 2030-06-08')).toBeInTheDocument();
    expect(screen.getByText(/7 nights selected/)).toBeInTheDocument();
  });

  it('does not go before today nor pick a past day', async () => {
    render(<Picker />);
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeDisabled();
    const past = screen.getByRole('button', { name: /Tuesday, 28 May 2030, unavailable/ });
    await userEvent.click(past);
    expect(screen.getByText('- -')).toBeInTheDocument();
  });
});
