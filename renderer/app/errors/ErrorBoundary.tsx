// React error boundary around the screens: a render error is handled like any unexpected error.
// Once the path (resetKey) differs from the one that failed, the children render again; they are
// not remounted on ordinary navigation.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { handleUnexpectedError } from './unexpected-error';

interface Props {
  children: ReactNode;
  resetKey?: string;
}

interface State {
  failed: boolean;
  /** The resetKey at the time of the error. */
  failedKey?: string;
}

export class ErrorBoundary extends Component<Props, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (state.failed && state.failedKey !== undefined && props.resetKey !== state.failedKey) {
      return { failed: false, failedKey: undefined };
    }
    return null;
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    this.setState({ failedKey: this.props.resetKey ?? '' });
    void handleUnexpectedError(error, info.componentStack ?? 'ErrorBoundary');
  }

  render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
