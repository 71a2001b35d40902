import type { UserProfile } from '#contract/auth';
import type { Preferences } from '#contract/preferences';
import { getUserDetails } from '@/api/auth';
import { isSuccess, refusalReason, type ApiAnswer, type Succeeded } from '@/api/client';
import { getCalendarUrl, getPreferences } from '@/api/preferences';
import { describeError } from '@/lib/errors';

/**
 * The saved profile, or why it could not be loaded; beside it the preferences and whether the calendar feed
 * exists (null when they could not be loaded: their sections say so, the profile still opens).
 */
export type ProfileLoad =
  | { ok: true; profile: UserProfile; preferences: Preferences | null; feedActive: boolean | null }
  | { ok: false; error: string };

async function orNull<A extends ApiAnswer>(what: string, load: () => Promise<A>): Promise<Succeeded<A> | null> {
  try {
    const answer = await load();
    if (isSuccess(answer)) return answer;
    console.error(`${what} failed`, refusalReason(answer));
  } catch (err) {
    console.error(`${what} failed`, err);
  }
  return null;
}

/**
 * The profile's loader (the route runs the session guard first). A failed load is logged and
 * reported, never thrown: the screen says why and offers to try again.
 */
export async function loadProfile(): Promise<ProfileLoad> {
  try {
    const [answer, preferences, feed] = await Promise.all([
      getUserDetails(),
      orNull('Loading preferences', getPreferences),
      orNull('Loading the calendar feed', getCalendarUrl),
    ]);
    if (answer.success) {
      return {
        ok: true,
        profile: answer.data,
        preferences: preferences && {
          timeZone: preferences.timeZone,
          reminderEmails: preferences.reminderEmails,
          orderEmails: preferences.orderEmails,
        },
        feedActive: feed?.active ?? null,
      };
    }
    console.error('Profile load failed', answer.error);
    return { ok: false, error: answer.error ?? 'Your profile could not be loaded.' };
  } catch (err) {
    console.error('Profile load failed', err);
    return { ok: false, error: describeError(err) };
  }
}
