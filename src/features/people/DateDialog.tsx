import { useId, useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';

import type { PersonDate } from '#contract/people';
import { addPersonDate, updatePersonDate } from '@/api/people';
import { DialogFooter } from '@/components/DialogFooter';
import { ProblemScope } from '@/components/FormProblem';
import { SubmitButton } from '@/components/SubmitButton';
import { useSubmit } from '@/hooks/useSubmit';

import { DateFields } from './DateFields';
import { dateBodyFrom, dateFormFrom, EMPTY_DATE_FORM } from './dateFormValues';
import { reloadAfter } from './reloadAfter';

interface Props {
  personId: string;
  personName: string;
  /** The date to edit; none to add one. */
  date?: PersonDate;
  onClose: () => void;
  /** Reads the person again: the dialog closes once the page shows the date. */
  onSaved: () => Promise<void>;
}

/** Add or edit one of a person's dates (the whole date is sent). */
export function DateDialog({ personId, personName, date, onClose, onSaved }: Props) {
  const titleId = useId();
  const [values, setValues] = useState(date ? dateFormFrom(date) : EMPTY_DATE_FORM);
  const { busy, problem, submit } = useSubmit({
    onSuccess: onClose,
    fallbackError: 'The date could not be saved.',
    what: 'Saving a date',
  });
  const handleSubmit = (e: FormEvent<HTMLFormElement>) => {
    const form = e.currentTarget;
    e.preventDefault();
    const body = dateBodyFrom(values);
    const save = () => (date ? updatePersonDate(personId, date._id, body) : addPersonDate(personId, body));
    void submit(() => reloadAfter(save(), onSaved), form);
  };
  return (
    <Modal show onHide={busy ? () => undefined : onClose} aria-labelledby={titleId} scrollable>
      <Form onSubmit={handleSubmit} className="d-flex flex-column overflow-hidden">
        <Modal.Header closeButton={!busy} closeLabel="Close dialog">
          <Modal.Title id={titleId}>{date ? `Edit ${personName}'s date` : `Add a date for ${personName}`}</Modal.Title>
        </Modal.Header>
        <ProblemScope problem={problem}>
          <Modal.Body>
            <fieldset disabled={busy}>
              <DateFields values={values} onChange={setValues} />
            </fieldset>
          </Modal.Body>
          <DialogFooter busy={busy} onCancel={onClose}>
            <SubmitButton busy={busy} busyText="Saving…">
              Save date
            </SubmitButton>
          </DialogFooter>
        </ProblemScope>
      </Form>
    </Modal>
  );
}
