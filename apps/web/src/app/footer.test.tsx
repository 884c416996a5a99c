import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aProperty } from '../test/builders';
import { Footer } from './footer';

describe('the footer', () => {
  afterEach(() => vi.useRealTimers());

  it('dates the copyright with the year it is at the property', () => {
    // 00:30 on New Year's Day in London is still 19:30 on New Year's Eve in New York.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2027-01-01T00:30:00Z') });
    const { rerender } = render(<Footer property={aProperty({ PropertyName: 'Hotel Test', TimeZone: 'Europe/London' })} />);
    expect(screen.getByText(/^©/)).toHaveTextContent('© 2027 Hotel Test. All rights reserved.');
    rerender(<Footer property={aProperty({ PropertyName: 'Hotel Test', TimeZone: 'America/New_York' })} />);
    expect(screen.getByText(/^©/)).toHaveTextContent('© 2026 Hotel Test. All rights reserved.');
  });
});
