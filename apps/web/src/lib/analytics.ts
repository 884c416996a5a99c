/**
 * Page views and basket events for the property's own analytics: pushed to
 * Google Tag Manager's `dataLayer` and the Facebook pixel's `fbq` only when the property
 * configures them; nothing is loaded or sent otherwise.
 */

type Fbq = ((...args: unknown[]) => void) & {
  queue?: unknown[];
  callMethod?: (...args: unknown[]) => void;
  loaded?: boolean;
  version?: string;
};

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

export interface TrackingIds {
  GoogleTagManagerContainerId: string | null;
  FacebookPixelId: string | null;
}

let installed: TrackingIds = { GoogleTagManagerContainerId: null, FacebookPixelId: null };

function addScript(src: string): void {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.appendChild(script);
}

/** Loads the property's tag manager and pixel once, when configured. */
export function installTracking(ids: TrackingIds): void {
  const gtm = ids.GoogleTagManagerContainerId?.trim() || null;
  const pixel = ids.FacebookPixelId?.trim() || null;
  if (gtm !== null && installed.GoogleTagManagerContainerId !== gtm) {
    window.dataLayer = window.dataLayer ?? [];
    window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    addScript(`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtm)}`);
  }
  if (pixel !== null && installed.FacebookPixelId !== pixel) {
    if (window.fbq === undefined) {
      const fbq: Fbq = (...args: unknown[]) => {
        if (fbq.callMethod) fbq.callMethod(...args);
        else fbq.queue?.push(args);
      };
      fbq.queue = [];
      fbq.loaded = true;
      fbq.version = '2.0';
      window.fbq = fbq;
      window._fbq = fbq;
      addScript('https://connect.facebook.net/en_US/fbevents.js');
    }
    window.fbq('init', pixel);
  }
  installed = { GoogleTagManagerContainerId: gtm, FacebookPixelId: pixel };
}

/** The named page a path is, when it is one of the named page views. */
export function pageViewName(path: string): 'Rooms-And-Rates' | 'Checkout' | 'Confirmation' | null {
  if (path.includes('Rooms-And-Rates')) return 'Rooms-And-Rates';
  if (path.includes('Checkout')) return 'Checkout';
  if (path.includes('Confirmation')) return 'Confirmation';
  return null;
}

/** Records a page view: a named one for Rooms-And-Rates, Checkout and Confirmation, else a generic new page. */
export function trackPageView(path: string): void {
  const name = pageViewName(path);
  if (installed.GoogleTagManagerContainerId !== null) {
    window.dataLayer?.push(name === null ? { event: 'newPage', pagePath: path } : { event: 'pageView', pageName: name, pagePath: path });
  }
  if (installed.FacebookPixelId !== null) {
    window.fbq?.('track', 'PageView');
    if (name === 'Checkout') window.fbq?.('track', 'InitiateCheckout');
    if (name === 'Confirmation') window.fbq?.('track', 'Purchase');
  }
}

/** Records a basket event (a room added or removed). */
export function trackEvent(event: 'addToCart' | 'removeFromCart', data: Record<string, unknown>): void {
  if (installed.GoogleTagManagerContainerId !== null) window.dataLayer?.push({ event, ...data });
  if (installed.FacebookPixelId !== null && event === 'addToCart') window.fbq?.('track', 'AddToCart');
}
