import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { installTracking, trackPageView } from '../lib/analytics';
import type { PropertyResponse as Property } from '@hotel/domain/wire/property-response';
import { applyTheme } from './theme';

/** Once the property is loaded: its colours on the page, its tag manager and pixel installed, each address a page view. */
export function usePropertyLook(property: Property | undefined): void {
  const [location] = useLocation();
  useEffect(() => {
    if (property === undefined) return;
    applyTheme(property.Theme);
    installTracking(property);
  }, [property]);
  useEffect(() => {
    if (property !== undefined) trackPageView(location);
  }, [property, location]);
}
