import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ChunkLoadTimeoutError, isChunkLoadError } from '../lib/lazy-page';
import { PlainButton } from './plain/button';
import { ScreenProblem } from './screen-problem';

interface RouteErrorBoundaryProps {
  children: ReactNode;
  /** The address: moving elsewhere clears the error without remounting what still works. */
  resetKey: string;
}

interface RouteErrorBoundaryState {
  error: Error | null;
  resetKey: string;
}

/**
 * Catches a screen that failed to load or render. A chunk that did not load
 * (a new release replaced it, or the connection dropped) gets a retry that
 * reloads the page, which fetches the current files.
 */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  override state: RouteErrorBoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<RouteErrorBoundaryState> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: RouteErrorBoundaryProps, state: RouteErrorBoundaryState): Partial<RouteErrorBoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    if (!isChunkLoadError(error)) console.error('Screen failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    const chunk = isChunkLoadError(error);
    return (
      <ScreenProblem
        tone={chunk ? 'warning' : 'error'}
        title={chunk ? 'This screen did not load' : 'Something went wrong'}
        detail={
          chunk
            ? `${error instanceof ChunkLoadTimeoutError ? error.message : 'Herd could not download this part of the app.'} Check your connection and try again.`
            : 'An unexpected error stopped this screen. Reloading usually fixes it.'
        }
        action={
          <PlainButton variant="primary" onClick={() => window.location.reload()}>
            Try again
          </PlainButton>
        }
      />
    );
  }
}
