import { type FormEvent, useState } from 'react';
import type { ApiAnswer } from '@/api/client';
import { describeError } from '@/lib/errors';
import { notify } from '@/lib/notify';

interface Options<T extends object> {
  send: () => Promise<ApiAnswer<T>>;
  onSuccess: (answer: { success: true } & T) => void;
  /**
   * The alert the form shows for a refusal, if it has one: a text for every refusal, or a choice
   * by the server's reason (null for no alert).
   */
  refusalAlert?: string | ((error: string | undefined) => string | null);
  /** Shown in the error line when a refusal carries no reason of its own. */
  fallbackError: string;
}

/**
 * The submit cycle the account forms share: busy while sending; a refusal shows the spec's alert and
 * the server's precise reason in the error line; a network failure goes to the error line only.
 */
export function useApiForm<T extends object>({ send, onSuccess, refusalAlert, fallbackError }: Options<T>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await send();
      if (answer.success) {
        onSuccess(answer);
      } else {
        const alert = typeof refusalAlert === 'function' ? refusalAlert(answer.error) : refusalAlert;
        if (alert) notify(alert);
        setError(answer.error ?? fallbackError);
      }
    } catch (err) {
      console.error('Request failed', err);
      setError(describeError(err));
    } finally {
      setBusy(false);
    }
  };

  return { busy, error, handleSubmit };
}
