/** Renders a component inside the app's providers, with a fresh SWR cache and a fake API. */
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ToastProvider } from '../components/toast';
import { CurrencyProvider } from '../hooks/use-money';
import { PropertyContext } from '../hooks/use-property';
import type { BookingConfigurationResponse as BookConfig } from '@hotel/domain/wire/book-config-response';
import type { PropertyResponse as Property } from '@hotel/domain/wire/property-response';
import { aBookConfig, aProperty } from './builders';

const STATUS = Symbol('status');

/** An answer with a status other than 200. */
export function respond(status: number, body?: unknown) {
  return { [STATUS]: status, body };
}

type Answer = unknown;
export type ApiRoutes = Record<string, Answer | ((request: { url: URL; body: unknown }) => Answer)>;

export interface ApiCall {
  method: string;
  path: string;
  url: URL;
  body: unknown;
  headers: Record<string, string>;
}

/** Answers fetch from a table of "METHOD /path" (no query) to bodies; records every call. */
export function fakeApi(routes: ApiRoutes): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      const headers = { ...((init?.headers ?? {}) as Record<string, string>) };
      calls.push({ method, path: url.pathname, url, body, headers });
      const route = routes[`${method} ${url.pathname}`];
      const answer: unknown =
        route === undefined
          ? respond(404, { Message: 'Not found' })
          : typeof route === 'function'
            ? (route as (request: { url: URL; body: unknown }) => Answer)({ url, body })
            : route;
      const marked =
        typeof answer === 'object' && answer !== null && STATUS in answer ? (answer as { [STATUS]: number; body: unknown }) : null;
      const status = marked?.[STATUS] ?? 200;
      const payload = marked === null ? answer : marked.body;
      return new Response(payload === undefined || status === 204 ? null : JSON.stringify(payload), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

export function Providers(props: { children: ReactNode; property?: Property; config?: BookConfig; path?: string }) {
  const property = props.property ?? aProperty();
  const config = props.config ?? aBookConfig();
  const location = memoryLocation({ path: props.path ?? `/Book/${property.PropertyCode}`, record: true });
  return (
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <ToastProvider>
          <PropertyContext.Provider value={{ property, config }}>
            <CurrencyProvider propertyCode={property.PropertyCode} currency={property.Currency} available={property.AvailableCurrencies}>
              {props.children}
            </CurrencyProvider>
          </PropertyContext.Provider>
        </ToastProvider>
      </Router>
    </SWRConfig>
  );
}

export function renderWithProviders(ui: ReactElement, options: { property?: Property; config?: BookConfig; path?: string } = {}) {
  return render(<Providers {...options}>{ui}</Providers>);
}
