import type { BodyOf } from '#contract/api';
import * as routes from '#contract/routes';

import { call, callAnswered } from './client';

/** The people calls (docs/api.md), one function each. */

export const listPeople = () => call(routes.listPeople);

/** With its status: a 404 (another's id, or one deleted meanwhile) is told apart from a failure. */
export const getPerson = (id: string) => callAnswered(routes.getPerson, { params: { id } });

export const addPerson = (person: BodyOf<'addPerson'>) => call(routes.addPerson, { body: person });

/** Sends the whole person. */
export const updatePerson = (id: string, person: BodyOf<'updatePerson'>) =>
  call(routes.updatePerson, { params: { id }, body: person });

export const deletePerson = (id: string) => call(routes.deletePerson, { params: { id } });

export const addPersonDate = (id: string, date: BodyOf<'addPersonDate'>) =>
  call(routes.addPersonDate, { params: { id }, body: date });

/** Sends the whole date. */
export const updatePersonDate = (id: string, dateId: string, date: BodyOf<'updatePersonDate'>) =>
  call(routes.updatePersonDate, { params: { id, dateId }, body: date });

export const deletePersonDate = (id: string, dateId: string) =>
  call(routes.deletePersonDate, { params: { id, dateId } });

export const addGiftIdea = (id: string, text: string) => call(routes.addGiftIdea, { params: { id }, body: { text } });

/** Strikes the idea through (used) or brings it back. */
export const updateGiftIdea = (id: string, ideaId: string, used: boolean) =>
  call(routes.updateGiftIdea, { params: { id, ideaId }, body: { used } });

export const deleteGiftIdea = (id: string, ideaId: string) => call(routes.deleteGiftIdea, { params: { id, ideaId } });
