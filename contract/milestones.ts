/**
 * What an occurrence of a date marks when its year is known: the age a person turns on their birthday ("turns 70"),
 * or an anniversary's number ("25th anniversary"). Free of zod, so screens and emails share it at no cost.
 */
export interface Milestone {
  kind: 'age' | 'anniversary';
  number: number;
}

export interface MilestoneFacts {
  /** Only "Birthday" and "Anniversary" (any case, surrounding spaces ignored) count: other words say nothing of a year. */
  occasion: string;
  /** YYYY-MM-DD as stored: a date whose year is not known is kept in 2000 with `yearKnown` false. */
  date: string;
  yearKnown: boolean;
  /** The person's birth year, when known: a birthday's year when its date has none. */
  birthYear: number | null;
}

/** The milestone of the occurrence on `occurrence` (YYYY-MM-DD), or null when the year is not known or not yet one. */
export function milestoneOf(f: MilestoneFacts, occurrence: string): Milestone | null {
  const word = f.occasion.trim().toLowerCase();
  const dateYear = f.yearKnown ? Number(f.date.slice(0, 4)) : null;
  const since = word === 'birthday' ? (dateYear ?? f.birthYear) : word === 'anniversary' ? dateYear : null;
  if (since === null) return null;
  const number = Number(occurrence.slice(0, 4)) - since;
  return number >= 1 ? { kind: word === 'birthday' ? 'age' : 'anniversary', number } : null;
}

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 101st, 111th. */
export function ordinal(n: number): string {
  const lastTwo = n % 100;
  const suffix =
    lastTwo >= 11 && lastTwo <= 13 ? 'th' : n % 10 === 1 ? 'st' : n % 10 === 2 ? 'nd' : n % 10 === 3 ? 'rd' : 'th';
  return `${n}${suffix}`;
}

/** "turns 70" or "25th anniversary". */
export const milestoneText = (m: Milestone) =>
  m.kind === 'age' ? `turns ${m.number}` : `${ordinal(m.number)} anniversary`;
