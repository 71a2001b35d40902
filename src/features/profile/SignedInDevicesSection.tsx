import { Component, lazy, Suspense, type ReactNode } from 'react';

import { loadChunk } from '@/lib/chunks';
import { describeError } from '@/lib/errors';

// The devices list (its calls and the shared section) loads as its own chunk once the profile shows, so the
// profile's own download does not grow with it.
const CustomerDevices = lazy(() => loadChunk(() => import('./CustomerDevices')));

/** If the section's code cannot be loaded, say so in its place; the rest of the profile works on. */
class SectionBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="alert alert-warning mb-4" role="alert">
        Signed-in devices could not be shown: {describeError(this.state.error)} Reload the page to try again.
      </div>
    );
  }
}

/** The profile's "Signed-in devices" section. */
export function SignedInDevicesSection() {
  return (
    <SectionBoundary>
      <Suspense
        fallback={
          <p role="status" className="text-body-secondary">
            Loading your signed-in devices…
          </p>
        }
      >
        <CustomerDevices />
      </Suspense>
    </SectionBoundary>
  );
}
