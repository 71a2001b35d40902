import { useState } from 'react';
import Button from 'react-bootstrap/Button';

import type { Person, PersonDate } from '#contract/people';
import { deletePersonDate } from '@/api/people';
import { DateInWords } from '@/components/DateInWords';

import { ConfirmDialog } from './ConfirmDialog';
import { DateDialog } from './DateDialog';
import { reminderText } from './dateWords';
import { reloadAfter } from './reloadAfter';

/** "Reminders: 30 days before, 7 days before", or "No reminders". */
const remindersText = (days: number[]) =>
  days.length === 0 ? 'No reminders' : `Reminders: ${days.map((d) => reminderText(d).toLowerCase()).join(', ')}`;

/** The person's dates: each with its reminders, Edit and Delete; Add a date. */
export function PersonDatesSection({ person, onChanged }: { person: Person; onChanged: () => Promise<void> }) {
  const [editing, setEditing] = useState<PersonDate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PersonDate | null>(null);
  return (
    <section aria-labelledby="person-dates" className="mb-4">
      <div className="d-flex align-items-center justify-content-between gap-2 mb-2">
        <h2 id="person-dates" className="h5 mb-0">
          Dates
        </h2>
        <Button size="sm" variant="outline-primary" onClick={() => setEditing('new')}>
          Add a date
        </Button>
      </div>
      {person.dates.length === 0 ? (
        <p className="text-body-secondary">No dates yet: add a birthday or an anniversary, and we will remind you.</p>
      ) : (
        <ul className="list-group" aria-label={`${person.name}'s dates`}>
          {person.dates.map((d) => (
            <li key={d._id} className="list-group-item d-flex align-items-center gap-2" data-testid="person-date">
              <div className="flex-grow-1 min-w-0">
                <p className="mb-0">
                  <strong>{d.occasion}</strong> · <DateInWords date={d.date} year />
                  {!d.repeatsYearly && <span className="text-body-secondary"> (once)</span>}
                </p>
                <p className="small text-body-secondary mb-0">{remindersText(d.remindDaysBefore)}</p>
              </div>
              <div className="d-flex flex-wrap justify-content-end gap-2">
                <Button
                  size="sm"
                  variant="outline-secondary"
                  onClick={() => setEditing(d)}
                  aria-label={`Edit ${d.occasion}`}
                >
                  Edit
                </Button>
                <Button
                  size="sm"
                  variant="outline-danger"
                  onClick={() => setDeleting(d)}
                  aria-label={`Delete ${d.occasion}`}
                >
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <DateDialog
          personId={person._id}
          personName={person.name}
          date={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={onChanged}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete this date?"
          confirm="Delete date"
          what="Deleting a date"
          send={() => reloadAfter(deletePersonDate(person._id, deleting._id), onChanged)}
          onClose={() => setDeleting(null)}
        >
          <p className="mb-0">
            We will stop reminding you of {person.name}&apos;s <strong>{deleting.occasion}</strong>. Orders already
            placed stay as they are.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
