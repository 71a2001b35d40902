import { sql } from 'kysely';

import { HttpError } from './errors';

/**
 * What the occasions and people modules share without depending on each other: the refusals when a customer's
 * kept rows reach a setting's limit (409, one place for their words), and how a person's name is compared.
 */

export const tooManyOccasions = (max: number) =>
  new HttpError(409, `You already keep ${max} occasions, the most we keep for one account`);

export const tooManyPeople = (max: number) =>
  new HttpError(409, `You already keep ${max} people, the most we keep for one account`);

export const tooManyDates = (max: number) =>
  new HttpError(409, `This person already has ${max} dates, the most we keep for one person`);

/** `lower(btrim(name))` equals the given name's: how the unique index people_user_name_key compares names. */
export const personNameIs = (name: string) => sql<boolean>`lower(btrim(name)) = lower(btrim(${name}))`;
