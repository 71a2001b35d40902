import { redirect } from 'react-router-dom';

import { SHELL_MESSAGES } from '#contract/shellMessages';
import { isProfileFilled } from '@/api/session';
import { PageSpinner } from '@/components/PageSpinner';
import { notify } from '@/lib/notify';

/**
 * The loader that opens /orders, once per visit: `session` (the route guard) must pass, then a
 * profile that lacks what ordering needs sends the customer to /profile with an alert. The
 * profile check goes out together with the session check (one round trip, not two) and is read only
 * once the session passed. A check that failed is logged only: the screen stays.
 */
export async function requireOrderingProfile(session: () => Promise<unknown>): Promise<null> {
  const profile = isProfileFilled().then(
    (answer) => ({ answer }),
    (err: unknown) => ({ err }),
  );
  await session();
  const checked = await profile;
  if ('err' in checked) console.error('Profile check failed', checked.err);
  else if (!checked.answer.success) console.error('Profile check failed', checked.answer.error);
  else if (!checked.answer.isProfileFilled) {
    notify(SHELL_MESSAGES.updateProfileFirst);
    throw redirect('/profile');
  }
  return null;
}

/** What /orders shows while its first load is under way. */
export function OrdersLoading() {
  return <PageSpinner label="Loading your orders…" />;
}
