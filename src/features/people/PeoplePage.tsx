import './people.css';

import { lazy, Suspense, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { useLoaderData, useRevalidator } from 'react-router-dom';

import type { PersonSummary } from '#contract/people';
import { listPeople } from '@/api/people';
import { FormError } from '@/components/FormError';
import { TextField } from '@/components/TextField';
import { usePageMeta } from '@/hooks/usePageMeta';
import { describeError } from '@/lib/errors';

import { AddPersonDialog } from './AddPersonDialog';
import { useOrderGift } from './orderFromPerson';
import { PersonCard } from './PersonCard';

/** The import dialog (vCard and CSV parsing, the preview) is loaded only when opened. */
const ImportPeopleDialog = lazy(() => import('./ImportPeopleDialog'));

/** More people than this, and the screen offers a search box. */
export const SEARCH_FROM = 10;

type PeopleLoad = { ok: true; people: PersonSummary[] } | { ok: false; error: string };

/** The customer's people (after the route's session check). A failure is reported, not thrown. */
export async function loader(): Promise<PeopleLoad> {
  try {
    const answer = await listPeople();
    if (answer.success) return { ok: true, people: answer.data };
    return { ok: false, error: answer.error ?? 'Your people could not be loaded.' };
  } catch (err) {
    console.error('Loading people failed', err);
    return { ok: false, error: describeError(err) };
  }
}

const matches = (person: PersonSummary, search: string) =>
  person.name.toLocaleLowerCase().includes(search.trim().toLocaleLowerCase());

/** /people ("People & dates"; /occasions leads here): each person with their next date, soonest first. */
export default function PeoplePage() {
  usePageMeta('People & dates', 'The people you buy for and their dates: Giftwise reminds you ahead of each one.');
  const load = useLoaderData<typeof loader>();
  const { revalidate, state } = useRevalidator();
  const refresh = () => void revalidate();
  const { onOrder, orderDialog } = useOrderGift();
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [search, setSearch] = useState('');

  const people = load.ok ? load.people : [];
  const searchable = people.length > SEARCH_FROM;
  // In the order the API gives them: by next date.
  const shown = searchable ? people.filter((p) => matches(p, search)) : people;

  return (
    <Container className="py-4">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <h1 className="h2 mb-0">People &amp; dates</h1>
        <div className="d-flex flex-wrap gap-2">
          <Button variant="outline-primary" onClick={() => setImporting(true)}>
            Import contacts
          </Button>
          <Button onClick={() => setAdding(true)}>Add a person</Button>
        </div>
      </div>
      <p className="text-body-secondary mb-4">
        The people you buy for, soonest date first. We email you ahead of each date (30 and 7 days before, unless you
        choose otherwise).
      </p>
      {!load.ok ? (
        <div>
          <FormError message={load.error} />
          <Button className="mt-3" variant="outline-primary" onClick={refresh} disabled={state === 'loading'}>
            Try again
          </Button>
        </div>
      ) : people.length === 0 ? (
        <div className="text-center py-5 px-3 border rounded-3 bg-body-tertiary">
          <p className="lead mb-2">No one here yet.</p>
          <p className="text-body-secondary mb-3">
            Add the people you buy for and their birthdays, anniversaries and other dates, and we will remind you ahead
            of each one.
          </p>
          <div className="d-flex flex-wrap justify-content-center gap-2">
            <Button onClick={() => setAdding(true)}>Add your first person</Button>
            <Button variant="outline-primary" onClick={() => setImporting(true)}>
              Import contacts
            </Button>
          </div>
        </div>
      ) : (
        <>
          {searchable && (
            <div className="mb-3 people-search">
              <TextField
                groupClassName=""
                label="Search people"
                type="search"
                value={search}
                onChange={setSearch}
                placeholder="Type a name"
                autoComplete="off"
              />
            </div>
          )}
          {shown.length === 0 ? (
            <p className="text-body-secondary" role="status">
              No one matches “{search.trim()}”.
            </p>
          ) : (
            <ul className="list-unstyled row row-cols-1 row-cols-md-2 row-cols-xl-3 g-3" aria-label="Your people">
              {shown.map((p) => (
                <li className="col" key={p._id} data-testid="person-card">
                  <PersonCard person={p} onOrder={onOrder} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {adding && <AddPersonDialog onClose={() => setAdding(false)} onAdded={refresh} />}
      {importing && (
        <Suspense fallback={null}>
          <ImportPeopleDialog show onHide={() => setImporting(false)} onImported={refresh} />
        </Suspense>
      )}
      {orderDialog}
    </Container>
  );
}
