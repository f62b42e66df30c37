import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { usePageTitle } from '../lib/page-title.ts';

const TITLE = 'Something went wrong';

/**
 * Around each screen (app/router.tsx): a screen that fails to render shows what happened and a way
 * on, Try again (the screen renders afresh) or the home page, instead of a blank page; the top bar
 * around it keeps working, and going to another address shows that one.
 */
export function ScreenErrorBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary address={useLocation().pathname}>{children}</ErrorBoundary>;
}

interface Props {
  /** Where the reader is: the failure is forgotten once they go elsewhere. */
  address: string;
  children: ReactNode;
}

class ErrorBoundary extends Component<Props, { failed: boolean; address: string }> {
  override state = { failed: false, address: this.props.address };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: { address: string }) {
    return props.address === state.address ? null : { failed: false, address: props.address };
  }

  override componentDidCatch(error: unknown, { componentStack }: ErrorInfo) {
    console.error('A screen failed to render:', error, componentStack);
  }

  override render() {
    return this.state.failed ? <ScreenFailure onRetry={() => this.setState({ failed: false })} /> : this.props.children;
  }
}

function ScreenFailure({ onRetry }: { onRetry: () => void }) {
  usePageTitle(TITLE);
  return (
    <section className="flex min-h-[calc(100vh-80px)] flex-col items-center justify-center gap-6 p-10 text-center">
      <h1 className="font-serif text-4xl">{TITLE}</h1>
      <p className="max-w-reading text-xl text-neutral-600">
        This page ran into a problem and could not be shown. Try again, or go back to the home page.
      </p>
      <div className="flex flex-wrap justify-center gap-4">
        <button type="button" className="btn-dark px-8" onClick={onRetry}>
          Try again
        </button>
        <Link to="/" className="btn-light px-8">
          Go to the home page
        </Link>
      </div>
    </section>
  );
}
