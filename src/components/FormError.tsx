import type { ReactNode } from 'react';

/**
 * The error line under a form: the server's reason for a refusal or a network failure.
 * Rendered only when there is something to say, as an alert so screen readers announce it.
 */
export function FormError({ message, children }: { message: string | null | undefined; children?: ReactNode }) {
  if (!message) return null;
  return (
    <div className="alert alert-danger py-2 px-3 mt-3 mb-0 small" role="alert">
      {message}
      {children}
    </div>
  );
}
