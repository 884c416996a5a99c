import { useEffect } from 'react';

/** Sets the page title, e.g. "Book your stay | The Harbour House". */
export function useDocumentTitle(title: string, propertyName?: string): void {
  useEffect(() => {
    document.title = propertyName ? `${title} | ${propertyName}` : title;
  }, [title, propertyName]);
}
