import { Component, type ErrorInfo, type ReactNode } from 'react';
import { logToServer } from '../lib/api-client';
import { ErrorPage } from '../routes/error-page';

/** Shows the Error page instead of a blank screen when rendering fails, and tells the server log. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    logToServer({
      Level: 'error',
      Message: `${error.message}\n${info.componentStack ?? ''}`.slice(0, 2000),
      Url: window.location.pathname,
    });
  }

  override render(): ReactNode {
    return this.state.failed ? <ErrorPage /> : this.props.children;
  }
}
