// React error boundary around the screens: a render error is handled like any unexpected error.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { handleUnexpectedError } from './unexpected-error';

interface Props {
  children: ReactNode;
}

interface State {
  failed: boolean;
}

export class ErrorBoundary extends Component<Props, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    void handleUnexpectedError(error, info.componentStack ?? 'ErrorBoundary');
  }

  render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
