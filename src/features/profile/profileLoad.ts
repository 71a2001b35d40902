import type { UserProfile } from '#contract/auth';
import { getUserDetails } from '@/api/auth';
import { describeError } from '@/lib/errors';

/** The saved profile, or why it could not be loaded. */
export type ProfileLoad = { ok: true; profile: UserProfile } | { ok: false; error: string };

/**
 * The profile's loader (the route runs the session guard first). A failed load is logged and
 * reported, never thrown: the screen says why and offers to try again.
 */
export async function loadProfile(): Promise<ProfileLoad> {
  try {
    const answer = await getUserDetails();
    if (answer.success) return { ok: true, profile: answer.data };
    console.error('Profile load failed', answer.error);
    return { ok: false, error: answer.error ?? 'Your profile could not be loaded.' };
  } catch (err) {
    console.error('Profile load failed', err);
    return { ok: false, error: describeError(err) };
  }
}
