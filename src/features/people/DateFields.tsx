import { useId } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';

import { OCCASION_SUGGESTIONS, REMIND_CHOICES } from '#contract/personLimits';
import { RECIPIENT_FIELDS } from '#contract/recipientFields';
import { TextField } from '@/components/TextField';

import type { DateFormValues, OccasionChoice } from './dateFormValues';
import { MONTHS, reminderText } from './dateWords';

/** Days in each month of a year that has a 29 February (a date without its year may fall on it). */
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

interface Props {
  values: DateFormValues;
  onChange: (values: DateFormValues) => void;
  /** False for a new person's first date, which may be left out. */
  required?: boolean;
  /** Whether to offer "Repeats every year" and the reminders (a new person's first date takes the defaults). */
  withReminders?: boolean;
}

/**
 * A date of a person: the occasion (Birthday, Anniversary, Christmas or the customer's own word), the day with or
 * without its year, whether it repeats, and the reminders (on the day, 1 to 30 days before). Render inside a form.
 */
export function DateFields({ values, onChange, required = true, withReminders = true }: Props) {
  const id = useId();
  const set = (change: Partial<DateFormValues>) => onChange({ ...values, ...change });
  const days = values.month ? MONTH_DAYS[Number(values.month) - 1] : 31;
  const toggleReminder = (day: number, on: boolean) =>
    set({
      remindDaysBefore: on ? [...values.remindDaysBefore, day] : values.remindDaysBefore.filter((d) => d !== day),
    });
  const needed = required || values.date !== '' || values.month !== '' || values.day !== '';

  return (
    <Row className="g-3">
      <Col sm={6}>
        <Form.Group controlId={`${id}-occasion`}>
          <Form.Label>Occasion</Form.Label>
          <Form.Select value={values.occasion} onChange={(e) => set({ occasion: e.target.value as OccasionChoice })}>
            {OCCASION_SUGGESTIONS.map((o) => (
              <option key={o}>{o}</option>
            ))}
            <option value="Other">Other…</option>
          </Form.Select>
        </Form.Group>
      </Col>
      {values.occasion === 'Other' && (
        <Col sm={6}>
          <TextField
            groupClassName=""
            label="Which occasion?"
            name="occasion"
            value={values.otherOccasion}
            onChange={(otherOccasion) => set({ otherOccasion })}
            required
            maxLength={RECIPIENT_FIELDS.occasion.maxLength}
            placeholder="Mother's Day, Graduation…"
          />
        </Col>
      )}
      <Col xs={12}>
        <Form.Check
          id={`${id}-year-unknown`}
          label="I don't know the year"
          checked={values.yearUnknown}
          onChange={(e) => set({ yearUnknown: e.target.checked })}
        />
      </Col>
      {values.yearUnknown ? (
        <>
          <Col xs={7} sm={6}>
            <Form.Group controlId={`${id}-month`}>
              <Form.Label>Month</Form.Label>
              <Form.Select value={values.month} onChange={(e) => set({ month: e.target.value })} required={needed}>
                <option value="">Choose…</option>
                {MONTHS.map((m, i) => (
                  <option key={m} value={String(i + 1)}>
                    {m}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
          <Col xs={5} sm={6}>
            <Form.Group controlId={`${id}-day`}>
              <Form.Label>Day</Form.Label>
              <Form.Select value={values.day} onChange={(e) => set({ day: e.target.value })} required={needed}>
                <option value="">Choose…</option>
                {Array.from({ length: days }, (_, i) => (
                  <option key={i + 1}>{i + 1}</option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
        </>
      ) : (
        <Col sm={6}>
          <TextField
            groupClassName=""
            label="Date"
            name="date"
            type="date"
            value={values.date}
            onChange={(date) => set({ date })}
            required={required}
          />
        </Col>
      )}
      {withReminders && (
        <>
          <Col xs={12}>
            <Form.Check
              type="switch"
              id={`${id}-yearly`}
              label="Repeats every year"
              checked={values.repeatsYearly}
              onChange={(e) => set({ repeatsYearly: e.target.checked })}
            />
          </Col>
          <Col xs={12}>
            <fieldset>
              <legend className="form-label fs-6 mb-1">Remind me</legend>
              <div className="d-flex flex-wrap column-gap-3">
                {[...REMIND_CHOICES].reverse().map((day) => (
                  <Form.Check
                    key={day}
                    id={`${id}-remind-${day}`}
                    label={reminderText(day)}
                    checked={values.remindDaysBefore.includes(day)}
                    onChange={(e) => toggleReminder(day, e.target.checked)}
                  />
                ))}
              </div>
            </fieldset>
          </Col>
        </>
      )}
    </Row>
  );
}
