import type { FormEvent } from 'react';

import type { ApiAnswer } from '@/api/client';

import { useSubmit, type SubmitOptions } from './useSubmit';

interface Options<A extends ApiAnswer> extends Omit<SubmitOptions<A>, 'what'> {
  send: () => Promise<A>;
}

/** A form whose submit event sends one request (the account forms), with the shared sending state. */
export function useApiForm<A extends ApiAnswer>({ send, ...options }: Options<A>) {
  const { busy, error, problem, submit } = useSubmit<A>(options);
  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    await submit(send, event.currentTarget);
  };
  return { busy, error, problem, handleSubmit };
}
