import { useMemo, type ReactNode } from 'react';
import { SkipLink } from '../components/skip-link';
import { PageTitle } from '../components/layout';
import { Loading } from '../components/loading';
import { CurrencySelector } from '../features/currency/currency-selector';
import { usePropertyGroup } from '../features/property-group/property-group-api';
import { CurrencyProvider } from '../hooks/use-money';
import { PropertyContext, usePropertyData } from '../hooks/use-property';
import { ApiError } from '../lib/api-client';
import { ErrorPage } from '../routes/error-page';
import { NotFoundPage } from '../routes/not-found-page';
import { Footer } from './footer';
import { usePropertyLook } from './use-property-look';

const isNotFound = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * The group search's frame: loads the property the address names, its booking configuration
 * and its group, applies the property's look and tracking, and shows the page under the
 * group's name, without the booking steps and menu of a single property. A property in no
 * group has no group page.
 */
export function GroupGate({ propertyCode, children }: { propertyCode: string; children: ReactNode }) {
  const { property, config, error } = usePropertyData(propertyCode);
  const group = usePropertyGroup(property?.PropertyGroupId ?? null);

  usePropertyLook(property);

  const context = useMemo(() => (property && config ? { property, config } : null), [property, config]);

  const failure = error ?? group.error;
  if (failure !== undefined) return isNotFound(failure) ? <NotFoundPage /> : <ErrorPage />;
  if (property !== undefined && property.PropertyGroupId === null) return <NotFoundPage />;
  if (context === null || group.data === undefined) {
    return (
      <main className="mx-auto max-w-6xl px-4">
        <Loading label="Loading our hotels…" />
      </main>
    );
  }
  return (
    <PropertyContext.Provider value={context}>
      <CurrencyProvider propertyCode={propertyCode} currency={context.property.Currency} available={context.property.AvailableCurrencies}>
        <div className="flex min-h-screen flex-col">
          <header className="print:hidden">
            <SkipLink />
            <div className="bg-primary text-on-primary">
              <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-4">
                <PageTitle className="min-w-0 break-words">{group.data.Name}</PageTitle>
                <CurrencySelector />
              </div>
            </div>
          </header>
          <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
            {children}
          </main>
          <Footer property={context.property} />
        </div>
      </CurrencyProvider>
    </PropertyContext.Provider>
  );
}
