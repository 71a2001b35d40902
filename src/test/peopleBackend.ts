import type { Person, PersonSummary } from '#contract/people';
import * as routes from '#contract/routes';

import { mockRoute } from './mockRoute';
import { server } from './server';

/**
 * A fake of the people calls for the People screens' tests, answering as the API does (docs/api.md): it keeps
 * the people given, records every write as sent, and answers 404 for an id it does not hold.
 */

export const BLANK_PERSON: Person = {
  _id: 'p-blank',
  name: '',
  relationship: '',
  gender: '',
  address: '',
  phoneNumber: '',
  email: '',
  interests: '',
  budget: '',
  defaultOption: 'None',
  likes: '',
  dislikes: '',
  sizes: '',
  allergies: '',
  notes: '',
  birthYear: null,
  dates: [],
  nextDate: null,
  giftIdeas: [],
  gifts: [],
};

/** The profile check "Order a gift" makes first answers that the profile can order. */
export const profileCanOrder = () =>
  server.use(
    mockRoute(routes.isProfileFilled, () => ({
      success: true,
      isProfileFilled: true,
      email: 'ann@example.com',
      name: 'Ann',
    })),
  );

export function person(fields: Partial<Person> & Pick<Person, '_id' | 'name'>): Person {
  return { ...BLANK_PERSON, ...fields };
}

export const summaryOf = ({ giftIdeas: _ideas, gifts: _gifts, ...summary }: Person): PersonSummary => summary;

export interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/** Serves `people` (changed in place as writes come in); `sent` lists the writes. */
export function servePeople(people: Person[]) {
  const sent: Sent[] = [];
  const record = (request: Request, body: unknown) =>
    sent.push({ method: request.method, path: new URL(request.url).pathname, body });
  const find = (id: unknown) => people.find((p) => p._id === id);
  const notFound = { status: 404, body: { success: false as const, error: 'No such person' } };
  let next = 1;

  server.use(
    mockRoute(routes.checkAuth, () => ({ success: true })),
    mockRoute(routes.listPeople, () => ({ success: true, data: people.map(summaryOf) })),
    mockRoute(routes.getPerson, ({ params }) => {
      const p = find(params.id);
      return p ? { success: true, data: p } : notFound;
    }),
    mockRoute(routes.addPerson, ({ request, body }) => {
      record(request, body);
      const _id = `new-${next++}`;
      people.push(person({ ...body, _id, name: body.name, birthYear: null }));
      return { status: 201, body: { success: true, _id } };
    }),
    mockRoute(routes.updatePerson, ({ request, params, body }) => {
      record(request, body);
      const p = find(params.id);
      if (!p) return notFound;
      Object.assign(p, body);
      return { success: true };
    }),
    mockRoute(routes.deletePerson, ({ request, params, body }) => {
      record(request, body);
      const p = find(params.id);
      if (!p) return notFound;
      people.splice(people.indexOf(p), 1);
      return { success: true };
    }),
    mockRoute(routes.addPersonDate, ({ request, params, body }) => {
      record(request, body);
      const p = find(params.id);
      if (!p) return notFound;
      const _id = `d-new-${next++}`;
      const { occasion, date, repeatsYearly = true, remindDaysBefore = [30, 7] } = body;
      p.dates = [...p.dates, { _id, occasion, date, repeatsYearly, remindDaysBefore }];
      return { status: 201, body: { success: true, _id } };
    }),
    mockRoute(routes.updatePersonDate, ({ request, params, body }) => {
      record(request, body);
      const p = find(params.id);
      const d = p?.dates.find((x) => x._id === params.dateId);
      if (!p || !d) return notFound;
      Object.assign(d, body);
      return { success: true };
    }),
    mockRoute(routes.deletePersonDate, ({ request, params, body }) => {
      record(request, body);
      const p = find(params.id);
      if (!p || !p.dates.some((x) => x._id === params.dateId)) return notFound;
      p.dates = p.dates.filter((x) => x._id !== params.dateId);
      return { success: true };
    }),
    mockRoute(routes.addGiftIdea, ({ request, params, body }) => {
      record(request, body);
      const p = find(params.id);
      if (!p) return notFound;
      const _id = `i-new-${next++}`;
      p.giftIdeas = [...p.giftIdeas, { _id, text: body.text, used: false, createdAt: '2026-11-26T00:00:00.000Z' }];
      return { status: 201, body: { success: true, _id } };
    }),
    mockRoute(routes.updateGiftIdea, ({ request, params, body }) => {
      record(request, body);
      const idea = find(params.id)?.giftIdeas.find((i) => i._id === params.ideaId);
      if (!idea) return notFound;
      idea.used = body.used;
      return { success: true };
    }),
    mockRoute(routes.deleteGiftIdea, ({ request, params, body }) => {
      record(request, body);
      const p = find(params.id);
      if (!p || !p.giftIdeas.some((i) => i._id === params.ideaId)) return notFound;
      p.giftIdeas = p.giftIdeas.filter((i) => i._id !== params.ideaId);
      return { success: true };
    }),
  );
  return { sent, people };
}
