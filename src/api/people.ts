import type { BodyOf } from '#contract/api';
import * as routes from '#contract/routes';

import { call } from './client';

/** The people calls (docs/api.md), one function each. */

export const listPeople = () => call(routes.listPeople);

export const addPerson = (person: BodyOf<'addPerson'>) => call(routes.addPerson, { body: person });

export const addPersonDate = (personId: string, date: BodyOf<'addPersonDate'>) =>
  call(routes.addPersonDate, { params: { id: personId }, body: date });
