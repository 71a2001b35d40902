import { useId, useMemo, useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';

import type { AnswerOf } from '#contract/api';
import type { Preferences } from '#contract/preferences';
import { updatePreferences } from '@/api/preferences';
import { FormError } from '@/components/FormError';
import { SubmitButton } from '@/components/SubmitButton';
import { useSubmit } from '@/hooks/useSubmit';

/** Every IANA zone the browser knows, with the customer's own first if the list lacks it. */
function zonesWith(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
}

/** The two email switches: the preference each sets, and its label. */
const EMAIL_SWITCHES = [
  ['reminderEmails', 'Email me ahead of my dates (reminders)'],
  ['orderEmails', 'Email me when an order is processed, finished or rejected'],
] as const;

/** Reminder and order emails on or off, and the time zone reminders fall due in. */
export function PreferencesSection({ initial }: { initial: Preferences | null }) {
  const id = useId();
  const [prefs, setPrefs] = useState(initial);
  const [saved, setSaved] = useState(false);
  const zones = useMemo(() => zonesWith(initial?.timeZone ?? 'UTC'), [initial]);
  const { busy, error, submit } = useSubmit<AnswerOf<'updatePreferences'>>({
    onSuccess: ({ success: _ok, ...answer }) => {
      setPrefs(answer);
      setSaved(true);
    },
    fallbackError: 'Your preferences could not be saved.',
    what: 'Saving preferences',
  });
  if (!prefs) {
    return (
      <section aria-labelledby={`${id}-title`} className="card mt-5 mb-4 shadow-sm">
        <div className="card-body p-4">
          <h2 id={`${id}-title`} className="h5 mb-3">
            Emails and time zone
          </h2>
          <p className="text-body-secondary">Your preferences could not be loaded. Reload the page to try again.</p>
        </div>
      </section>
    );
  }
  const change = (next: Preferences) => {
    setPrefs(next);
    setSaved(false);
  };
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit(() => updatePreferences(prefs));
  };
  return (
    <section aria-labelledby={`${id}-title`} className="card mt-5 mb-4 shadow-sm">
      <div className="card-body p-4">
        <h2 id={`${id}-title`} className="h5 mb-3">
          Emails and time zone
        </h2>
        <Form onSubmit={handleSubmit}>
          <fieldset disabled={busy}>
            {EMAIL_SWITCHES.map(([field, label]) => (
              <Form.Check
                key={field}
                type="switch"
                id={`${id}-${field}`}
                className="mb-2"
                label={label}
                checked={prefs[field]}
                onChange={(e) => change({ ...prefs, [field]: e.target.checked })}
              />
            ))}
            <Form.Group controlId={`${id}-zone`} className="mt-3 mb-3">
              <Form.Label>Time zone</Form.Label>
              <Form.Select
                value={prefs.timeZone}
                onChange={(e) => change({ ...prefs, timeZone: e.target.value })}
                aria-describedby={`${id}-zone-help`}
              >
                {zones.map((zone) => (
                  <option key={zone} value={zone}>
                    {zone}
                  </option>
                ))}
              </Form.Select>
              <Form.Text id={`${id}-zone-help`}>Reminders arrive on your days, in this time zone.</Form.Text>
            </Form.Group>
          </fieldset>
          <div className="d-flex align-items-center gap-3">
            <SubmitButton busy={busy} busyText="Saving…" variant="outline-primary">
              Save preferences
            </SubmitButton>
            <span aria-live="polite" className="small text-success">
              {saved ? 'Preferences saved.' : ''}
            </span>
          </div>
          <FormError message={error} />
        </Form>
      </div>
    </section>
  );
}
