import { useEffect, useRef, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';

import type { Person } from '#contract/people';
import { updatePerson } from '@/api/people';
import { ProblemScope, SubmitError } from '@/components/FormProblem';
import { SubmitButton } from '@/components/SubmitButton';
import { useSubmit } from '@/hooks/useSubmit';
import { formatBudget } from '@/lib/money';

import { PersonFields, PREFERENCES } from './PersonFields';
import { personBodyFrom, personFormFrom } from './personFormValues';
import { reloadAfter } from './reloadAfter';

/** What the read view lists, in the edit form's order. */
const SHOWN: { label: string; value: (p: Person) => string }[] = [
  { label: 'Relationship', value: (p) => p.relationship },
  { label: 'Gender', value: (p) => p.gender },
  { label: 'Address', value: (p) => p.address },
  { label: 'Phone Number', value: (p) => p.phoneNumber },
  { label: 'Email', value: (p) => p.email },
  { label: 'Interests', value: (p) => p.interests },
  { label: 'Budget', value: (p) => formatBudget(p.budget, '') },
  { label: 'Default Option', value: (p) => (p.defaultOption === 'None' ? '' : p.defaultOption) },
  { label: 'Birth year', value: (p) => (p.birthYear === null ? '' : String(p.birthYear)) },
  ...PREFERENCES.map(({ field, label }) => ({ label, value: (p: Person) => p[field] })),
];

/**
 * The person's details and preferences, edited in place: "Edit details" turns the list into the form, Save sends
 * the whole person (PUT) and shows the list again once the page has read it back.
 */
export function PersonDetailsSection({ person, onSaved }: { person: Person; onSaved: () => Promise<void> }) {
  const [form, setForm] = useState<ReturnType<typeof personFormFrom> | null>(null);
  // The form opens with the focus on Name; once it closes, the focus goes back to Edit details.
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !form) editButton.current?.focus();
    wasEditing.current = form !== null;
  }, [form]);
  const { busy, problem, submit } = useSubmit({
    onSuccess: () => setForm(null),
    fallbackError: 'The details could not be saved.',
    what: 'Saving the details',
  });
  const handleSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (form) void submit(() => reloadAfter(updatePerson(person._id, personBodyFrom(form)), onSaved), e.currentTarget);
  };

  return (
    <section aria-labelledby="person-details" className="mb-4">
      <div className="d-flex align-items-center justify-content-between gap-2 mb-2">
        <h2 id="person-details" className="h5 mb-0">
          Details &amp; preferences
        </h2>
        {!form && (
          <Button ref={editButton} size="sm" variant="outline-primary" onClick={() => setForm(personFormFrom(person))}>
            Edit details
          </Button>
        )}
      </div>
      {form ? (
        <Form onSubmit={handleSubmit} aria-label="Edit details">
          <ProblemScope problem={problem}>
            <fieldset disabled={busy}>
              <PersonFields values={form} onChange={setForm} />
            </fieldset>
            <SubmitError />
            <div className="d-flex justify-content-end gap-2 mt-3">
              <Button variant="secondary" onClick={() => setForm(null)} disabled={busy}>
                Cancel
              </Button>
              <SubmitButton busy={busy} busyText="Saving…">
                Save details
              </SubmitButton>
            </div>
          </ProblemScope>
        </Form>
      ) : (
        <dl className="row mb-0 person-details">
          {SHOWN.map(({ label, value }) => {
            const text = value(person);
            return (
              <div key={label} className="col-12 col-sm-6 mb-2">
                <dt className="small text-body-secondary fw-normal">{label}</dt>
                <dd className={`mb-0 text-break${text ? '' : ' text-body-secondary'}`}>{text || '—'}</dd>
              </div>
            );
          })}
        </dl>
      )}
    </section>
  );
}
