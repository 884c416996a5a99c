import type { ReservationCreateRequest } from '@hotel/domain/wire/reservation-create-request';

/** BrowserData of Reservation/Create, for the payment's risk checks (3-D Secure). */
export function browserData(): NonNullable<ReservationCreateRequest['BrowserData']> {
  return {
    ColorDepthInBits: window.screen.colorDepth,
    JavaScriptEnabled: true,
    BrowserLanguage: navigator.language.slice(0, 50),
    ScreenHeight: window.screen.height,
    ScreenWidth: window.screen.width,
    UserAgent: navigator.userAgent.slice(0, 1000),
    TimezoneOffSet: String(new Date().getTimezoneOffset()),
  };
}
