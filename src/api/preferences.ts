import type { BodyOf } from '#contract/api';
import * as routes from '#contract/routes';

import { call } from './client';

/** Preferences and the calendar feed (docs/api.md), one function each. */

export const getPreferences = () => call(routes.getPreferences);

export const updatePreferences = (changes: BodyOf<'updatePreferences'>) =>
  call(routes.updatePreferences, { body: changes });

export const getCalendarUrl = () => call(routes.getCalendarUrl);

export const rotateCalendarUrl = () => call(routes.rotateCalendarUrl);
