import { useId, useState, type FormEvent } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Row from 'react-bootstrap/Row';

import { addPerson, addPersonDate } from '@/api/people';
import { DialogFooter } from '@/components/DialogFooter';
import { ProblemScope } from '@/components/FormProblem';
import { RecipientFields } from '@/components/recipient/RecipientFields';
import { EMPTY_RECIPIENT } from '@/components/recipient/recipientValues';
import { SubmitButton } from '@/components/SubmitButton';
import { useSubmit } from '@/hooks/useSubmit';

import { DateFields } from './DateFields';
import { dateBodyFrom, EMPTY_DATE_FORM, hasDate } from './dateFormValues';
import { NameInput, PERSON_PRESENCE } from './PersonFields';

interface Props {
  onClose: () => void;
  /** After a save: reloads the list. */
  onAdded: () => void;
}

/**
 * Add a person: their name (their relationship may be left blank), and optionally a first date (reminded 30 and 7 days before; the rest
 * is on their page). When the person is saved but their date is refused, the dialog stays with the reason, and
 * saving again sends only the date.
 */
export function AddPersonDialog({ onClose, onAdded }: Props) {
  const titleId = useId();
  const [name, setName] = useState('');
  const [relationship, setRelationship] = useState('');
  const [date, setDate] = useState(EMPTY_DATE_FORM);
  const [addedId, setAddedId] = useState<string | null>(null);
  const { busy, problem, submit } = useSubmit({
    onSuccess: () => {
      onClose();
      onAdded();
    },
    fallbackError: 'The person could not be added.',
    what: 'Adding a person',
  });

  const handleSubmit = (e: FormEvent<HTMLFormElement>) => {
    const form = e.currentTarget;
    e.preventDefault();
    void submit(async () => {
      let id = addedId;
      if (!id) {
        const added = await addPerson({ name, relationship });
        if (!added.success) return added;
        id = added._id;
        setAddedId(id);
      }
      if (!hasDate(date)) return { success: true } as const;
      const dated = await addPersonDate(id, dateBodyFrom(date));
      return dated.success
        ? dated
        : { success: false, error: `${name} was added, but not the date: ${dated.error ?? 'it was refused.'}` };
    }, form);
  };

  return (
    <Modal show onHide={busy ? () => undefined : onClose} aria-labelledby={titleId} scrollable>
      <Form onSubmit={handleSubmit} className="d-flex flex-column overflow-hidden">
        <Modal.Header closeButton={!busy} closeLabel="Close dialog">
          <Modal.Title id={titleId}>Add a person</Modal.Title>
        </Modal.Header>
        <ProblemScope problem={problem}>
          <Modal.Body>
            <fieldset disabled={busy}>
              <Row as="fieldset" className="g-3" disabled={addedId !== null}>
                <Col sm={6}>
                  <NameInput value={name} onChange={setName} autoFocus />
                </Col>
                <RecipientFields
                  fields={['relationship']}
                  presence={PERSON_PRESENCE}
                  values={{ ...EMPTY_RECIPIENT, relationship }}
                  onChange={(c) => setRelationship(c.relationship ?? relationship)}
                />
              </Row>
              <h3 className="h6 mt-4 mb-1">First date</h3>
              <p className="small text-body-secondary mb-3">
                Optional. We remind you 30 and 7 days before; you can add more dates and change the reminders on their
                page.
              </p>
              <DateFields values={date} onChange={setDate} required={false} withReminders={false} />
            </fieldset>
          </Modal.Body>
          <DialogFooter busy={busy} onCancel={onClose}>
            <SubmitButton busy={busy} busyText="Saving…">
              Add person
            </SubmitButton>
          </DialogFooter>
        </ProblemScope>
      </Form>
    </Modal>
  );
}
