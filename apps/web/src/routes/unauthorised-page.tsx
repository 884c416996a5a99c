import { ERROR_HEADINGS } from '@hotel/domain/messages';
import { useDocumentTitle } from '../hooks/use-document-title';

export function UnauthorisedPage() {
  useDocumentTitle(ERROR_HEADINGS[2]);
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-semibold">{ERROR_HEADINGS[2]}</h1>
      <p className="mt-4">You need to log in to see this page.</p>
    </main>
  );
}
