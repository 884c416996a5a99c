import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyWithReload } from './lazy-with-reload';

describe('lazyWithReload', () => {
  it('reloads the address once when a page chunk fails to load', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, href: 'http://localhost/Book/DEMO/Checkout', assign });
    const Page = lazyWithReload(() => Promise.reject(new Error('chunk gone')));
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/Book/DEMO/Checkout'));
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(sessionStorage.getItem('hotel:reloaded-for')).toBe('http://localhost/Book/DEMO/Checkout');
  });

  it('shows the page when it loads', async () => {
    const Page = lazyWithReload(() => Promise.resolve({ default: () => <p>checkout</p> }));
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(await screen.findByText('checkout')).toBeInTheDocument();
  });

  it('waits for the connection to come back when a chunk fails offline, then loads it', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    let attempts = 0;
    const Page = lazyWithReload(() => {
      attempts += 1;
      return attempts === 1
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : Promise.resolve({ default: () => <p>rooms</p> });
    });
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    await vi.waitFor(() => expect(attempts).toBe(1));
    expect(screen.getByText('loading')).toBeInTheDocument();
    online.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('rooms')).toBeInTheDocument();
    expect(attempts).toBe(2);
  });
});
