import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';

import { SHOWS_PROBLEMS, type Problem } from '@/lib/problems';

/** The last refused submit's problem of the form around (useSubmit's `problem`), null when there is none. */
const ProblemContext = createContext<Problem | null>(null);

/**
 * Where a form shows what went wrong with its submit: a problem of one field beside that field (every field
 * component reads it with useFieldProblem), any other beside the submit button (SubmitError). Wrap the form's
 * fields and its button.
 */
export function ProblemScope({ problem, children }: { problem: Problem | null; children: ReactNode }) {
  return <ProblemContext value={problem}>{children}</ProblemContext>;
}

/**
 * A field's part of the form's problem: when the problem names this field (by its `name`), the input is marked
 * invalid, described by the message shown under it (FieldError), and takes the focus (which scrolls it into
 * view), after each refused submit. Spread `control` on the input.
 */
export function useFieldProblem<E extends HTMLElement = HTMLInputElement>(name: string | undefined, controlId: string) {
  const problem = useContext(ProblemContext);
  const concerned = name !== undefined && problem?.field === name ? problem : null;
  const ref = useRef<E>(null);
  useEffect(() => {
    if (concerned) ref.current?.focus();
  }, [concerned]);
  const errorId = `${controlId}-error`;
  return {
    control: {
      ref,
      [SHOWS_PROBLEMS]: true,
      ...(concerned ? { isInvalid: true, 'aria-invalid': true as const } : {}),
    },
    /** The message to show under the field, with its id. */
    error: concerned && { id: errorId, message: concerned.message },
    /** The input's aria-describedby: the ids given (its hint) and, when concerned, the error's. */
    describedBy: (...ids: (string | undefined)[]) =>
      [...ids, concerned ? errorId : undefined].filter(Boolean).join(' ') || undefined,
  };
}

/** The message under a field the server refused (always shown: it is not tied to the browser's own checks). */
export function FieldError({ error }: { error: { id: string; message: string } | null }) {
  if (!error) return null;
  return (
    <div id={error.id} className="invalid-feedback d-block">
      {error.message}
    </div>
  );
}

/**
 * The problem that concerns the whole form (no answer from the server, a refusal that names no field shown),
 * beside the submit button: an alert that takes the focus when it appears, so a customer who pressed the button
 * at the foot of a long dialog sees it and a screen reader reads it.
 */
export function SubmitError({
  inFooter = false,
  className = inFooter ? 'w-100 py-2 px-3 mx-0 mt-0 mb-1 small' : 'py-2 px-3 mt-3 mb-0 small',
}: {
  /** In a dialog's footer: the whole row above its buttons. */
  inFooter?: boolean;
  /** Spacing and size, where neither default suits. */
  className?: string;
}) {
  const problem = useContext(ProblemContext);
  const ref = useRef<HTMLDivElement>(null);
  const shown = problem && problem.field === null ? problem : null;
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown]);
  if (!shown) return null;
  return (
    <div ref={ref} className={`alert alert-danger ${className}`} role="alert" tabIndex={-1}>
      {shown.message}
    </div>
  );
}
