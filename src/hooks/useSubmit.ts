import { useCallback, useState } from 'react';

import { isSuccess, refusalReason, type ApiAnswer, type Succeeded } from '@/api/client';
import { describeError } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { formProblem, refusalProblem, type Problem } from '@/lib/problems';

export interface SubmitOptions<A extends ApiAnswer> {
  onSuccess: (answer: Succeeded<A>) => void;
  /** The alert a refusal shows, if any: a text for every refusal, or a choice by the server's reason (null for none). */
  refusalAlert?: string | ((error: string | undefined) => string | null);
  /** Runs after a refusal, e.g. to reload what changed meanwhile. */
  onRefused?: (error: string | undefined) => void;
  /** The alert shown when the request got no answer at all, if any. */
  failureAlert?: string;
  /** Shown in the error line when a refusal carries no reason of its own. */
  fallbackError: string;
  /** What the console calls the request when it fails. */
  what?: string;
}

/**
 * The sending state every form and dialog action shares: busy while the request is out (so its button
 * is disabled), the server's reason for a refusal in `error` (with the screen's own alert, if it has
 * one), and a request that got no answer logged and explained in `error` too. `problem` is the same in words
 * with the field it concerns, when `submit` is given the form (see refusalProblem): the form shows it with
 * ProblemScope, beside that field or beside its submit button.
 */
export function useSubmit<A extends ApiAnswer = ApiAnswer>(options: SubmitOptions<A>) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const setError = useCallback(
    (message: string | null) => setProblem(message === null ? null : formProblem(message)),
    [],
  );
  const submit = async (send: () => Promise<A>, form?: HTMLFormElement | null) => {
    const { onSuccess, refusalAlert, onRefused, failureAlert, fallbackError, what = 'Request' } = options;
    setBusy(true);
    setProblem(null);
    try {
      const answer = await send();
      if (isSuccess(answer)) {
        onSuccess(answer);
        return;
      }
      const reason = refusalReason(answer);
      const alert = typeof refusalAlert === 'function' ? refusalAlert(reason) : refusalAlert;
      if (alert) notify(alert);
      setProblem(reason ? refusalProblem(reason, form) : formProblem(fallbackError));
      onRefused?.(reason);
    } catch (err) {
      console.error(`${what} failed`, err);
      if (failureAlert) notify(failureAlert);
      setError(describeError(err));
    } finally {
      setBusy(false);
    }
  };

  return { busy, error: problem?.message ?? null, problem, setError, submit };
}
