import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ToastAnchor, ToastProvider, useToast } from './toast';

function Trigger() {
  const toast = useToast();
  return (
    <>
      <button onClick={() => toast.positive('Saved')}>good</button>
      <button onClick={() => toast.negative('Failed to create booking', 'bottom')}>bad</button>
    </>
  );
}

describe('toasts', () => {
  it('announces positive news politely and problems assertively, and leaves after 5 seconds', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      render(
        <ToastProvider>
          <Trigger />
        </ToastProvider>,
      );
      act(() => screen.getByText('good').click());
      act(() => screen.getByText('bad').click());
      expect(screen.getByText('Saved').closest('[aria-live]')).toHaveAttribute('aria-live', 'polite');
      expect(screen.getByText('Failed to create booking').closest('[role="alert"]')).toHaveAttribute('aria-live', 'assertive');
      expect(screen.getByText('Failed to create booking').closest('.bottom-0')).not.toBeNull();
      act(() => vi.advanceTimersByTime(4999));
      expect(screen.getByText('Saved')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1));
      expect(screen.queryByText('Saved')).not.toBeInTheDocument();
      expect(screen.queryByText('Failed to create booking')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('can be dismissed', async () => {
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    await userEvent.click(screen.getByText('good'));
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('shows the top ones under the page header where the anchor marks it, not over the hotel name', async () => {
    render(
      <ToastProvider>
        <header>
          <a href="/">Hotel Test</a>
        </header>
        <ToastAnchor />
        <main>
          <Trigger />
        </main>
      </ToastProvider>,
    );
    await userEvent.click(screen.getByText('good'));
    const toast = screen.getByText('Saved');
    expect(screen.getByTestId('toast-anchor')).toContainElement(toast);
    expect(screen.getByRole('banner').compareDocumentPosition(toast) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The bottom ones stay at the bottom of the window.
    await userEvent.click(screen.getByText('bad'));
    expect(screen.getByTestId('toast-anchor')).not.toContainElement(screen.getByText('Failed to create booking'));
  });
});
