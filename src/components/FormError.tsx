import type { ReactNode } from 'react';

/**
 * The error line under a form: the server's reason for a refusal or a network failure.
 * Rendered only when there is something to say, as an alert so screen readers announce it.
 */
export function FormError({
  message,
  children,
  className = 'py-2 px-3 mt-3 mb-0 small',
}: {
  message: string | null | undefined;
  children?: ReactNode;
  /** Spacing and size: a small line under a form by default; a dialog shows it above its content. */
  className?: string;
}) {
  if (!message) return null;
  return (
    <div className={`alert alert-danger ${className}`} role="alert">
      {message}
      {children}
    </div>
  );
}
