import { afterEach, describe, expect, it } from 'vitest';
import { installTracking, pageViewName, trackEvent, trackPageView } from './analytics';

afterEach(() => {
  delete window.dataLayer;
  delete window.fbq;
  installTracking({ GoogleTagManagerContainerId: null, FacebookPixelId: null });
  document.head.querySelectorAll('script').forEach((script) => script.remove());
});

describe('page views', () => {
  it('names Rooms-And-Rates, Checkout and Confirmation, and nothing else', () => {
    expect(pageViewName('/Book/DEMO/Rooms-And-Rates')).toBe('Rooms-And-Rates');
    expect(pageViewName('/Book/DEMO/Checkout/abc')).toBe('Checkout');
    expect(pageViewName('/Book/DEMO/Confirmation/abc')).toBe('Confirmation');
    expect(pageViewName('/Book/DEMO')).toBeNull();
  });

  it('sends nothing when the property configures no tracking', () => {
    installTracking({ GoogleTagManagerContainerId: null, FacebookPixelId: null });
    trackPageView('/Book/DEMO');
    trackEvent('addToCart', { value: 1 });
    expect(window.dataLayer).toBeUndefined();
    expect(window.fbq).toBeUndefined();
    expect(document.head.querySelector('script')).toBeNull();
  });

  it('pushes named and generic page views to the dataLayer and the pixel when configured', () => {
    installTracking({ GoogleTagManagerContainerId: 'GTM-TEST', FacebookPixelId: '12345' });
    trackPageView('/Book/DEMO');
    trackPageView('/Book/DEMO/Checkout');
    expect(window.dataLayer).toEqual([
      expect.objectContaining({ event: 'gtm.js' }),
      { event: 'newPage', pagePath: '/Book/DEMO' },
      { event: 'pageView', pageName: 'Checkout', pagePath: '/Book/DEMO/Checkout' },
    ]);
    expect(window.fbq?.queue).toEqual([
      ['init', '12345'],
      ['track', 'PageView'],
      ['track', 'PageView'],
      ['track', 'InitiateCheckout'],
    ]);
    expect([...document.head.querySelectorAll('script')].map((script) => script.getAttribute('src'))).toEqual([
      'https://www.googletagmanager.com/gtm.js?id=GTM-TEST',
      'https://connect.facebook.net/en_US/fbevents.js',
    ]);
  });
});
