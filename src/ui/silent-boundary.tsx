import { Component, type ReactNode } from 'react';

/**
 * For optional parts of the page (the version check, support widgets): if their chunk cannot load or they
 * fail, they disappear quietly instead of taking the page down with them. A class: React has no error-boundary hook.
 */
export class SilentBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
