import type { FormEvent } from 'react';

import type { ApiAnswer } from '@/api/client';

import { useSubmit, type SubmitOptions } from './useSubmit';

interface Options<T extends object> extends Omit<SubmitOptions<T>, 'what'> {
  send: () => Promise<ApiAnswer<T>>;
}

/** A form whose submit event sends one request (the account forms), with the shared sending state. */
export function useApiForm<T extends object>({ send, ...options }: Options<T>) {
  const { busy, error, submit } = useSubmit<T>(options);
  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    await submit(send);
  };
  return { busy, error, handleSubmit };
}
