import type { ApiAnswer } from '@/api/client';

/**
 * The answer of a change, once the page has read the person again after a success: the sending state lasts until
 * the screen shows the change, so a form never closes on the values it replaced.
 */
export async function reloadAfter<A extends ApiAnswer>(change: Promise<A>, reload: () => Promise<void>): Promise<A> {
  const answer = await change;
  if (answer.success) await reload();
  return answer;
}
