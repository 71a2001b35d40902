import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';

import type { AnswerOf } from '#contract/api';
import type { ImportAnswer } from '#contract/people';
import { commitImport, previewImport } from '@/api/peopleImport';
import { DateInWords } from '@/components/DateInWords';
import { FormError } from '@/components/FormError';
import { ProblemScope, SubmitError } from '@/components/FormProblem';
import { SubmitButton } from '@/components/SubmitButton';
import { useSubmit } from '@/hooks/useSubmit';

import { readImportFile, type ImportFile } from './importFile';

/** The sample CSV file, served by the SPA (public/), with the columns docs/api.md describes. */
export const SAMPLE_CSV = '/people-sample.csv';

type Plan = ImportAnswer['data'];

const people = (n: number) => (n === 1 ? '1 person' : `${n} people`);

interface Props {
  show: boolean;
  onHide: () => void;
  /** Called once the people are imported (to reload the list); the dialog then says how many, until closed. */
  onImported: () => void;
}

/**
 * Import people and their dates from a vCard (.vcf) or CSV file: choose the file, see who would be added with
 * which dates and what is skipped and why, then import all of it (one transaction on the server) or cancel.
 * Keyboard use, the focus trap and Escape come with Modal.
 */
export function ImportPeopleDialog({ show, onHide, onImported }: Props) {
  const titleId = useId();
  const [file, setFile] = useState<ImportFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [plan, setPlan] = useState<Plan | null>(null);
  const [imported, setImported] = useState<number | null>(null);
  const reading = useSubmit<AnswerOf<'previewImport'>>({
    onSuccess: (answer) => setPlan(answer.data),
    fallbackError: 'The file could not be read.',
    what: 'Previewing the import',
  });
  const importing = useSubmit<AnswerOf<'commitImport'>>({
    onSuccess: (answer) => {
      setImported(answer.data.add.length);
      onImported();
    },
    fallbackError: 'The people could not be imported.',
    what: 'Importing people',
  });
  const busy = reading.busy || importing.busy;

  const reset = () => {
    setFile(null);
    setFileError(null);
    setPlan(null);
    setImported(null);
    reading.setError(null);
    importing.setError(null);
  };

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    reset();
    if (!chosen) return;
    const read = await readImportFile(chosen);
    if ('error' in read) {
      setFileError(read.error);
      return;
    }
    setFile(read);
    void reading.submit(() => previewImport(read));
  };

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (file && plan && plan.add.length > 0) void importing.submit(() => commitImport(file));
  };

  const canImport = plan !== null && plan.add.length > 0 && imported === null;
  return (
    <Modal
      show={show}
      onHide={busy ? () => undefined : onHide}
      onExited={reset}
      size="lg"
      aria-labelledby={titleId}
      scrollable
    >
      <Form onSubmit={handleSubmit} className="d-flex flex-column overflow-hidden">
        <Modal.Header closeButton={!busy} closeLabel="Close dialog">
          <Modal.Title id={titleId}>Import contacts</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {imported === null ? (
            <>
              <Form.Group controlId={`${titleId}-file`} className="mb-3">
                <Form.Label>Contacts file (vCard .vcf or CSV)</Form.Label>
                <Form.Control
                  type="file"
                  accept=".vcf,.vcard,.csv,text/vcard,text/csv"
                  onChange={(e) => void choose(e as ChangeEvent<HTMLInputElement>)}
                  disabled={busy}
                  aria-describedby={`${titleId}-help`}
                  isInvalid={fileError !== null}
                />
                <Form.Text id={`${titleId}-help`}>
                  Your phone&apos;s contacts app can share or export contacts as a .vcf file (birthdays and
                  anniversaries come along). A CSV file takes the columns of the{' '}
                  <a href={SAMPLE_CSV} download>
                    sample CSV file
                  </a>
                  , one row per date; dates are written 1970-04-15, or --04-15 without the year. At most 1 MB and 2,000
                  contacts.
                </Form.Text>
              </Form.Group>
              <FormError message={fileError ?? reading.error} className="mb-3" />
              {reading.busy && (
                <p role="status">
                  <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />
                  Reading the file…
                </p>
              )}
              {plan && <ImportPreview plan={plan} />}
            </>
          ) : (
            <Alert variant="success" className="mb-0" role="status">
              Imported {people(imported)}.
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          {/* Import is pressed at the foot of a long preview: its failure shows here, focused. */}
          <ProblemScope problem={importing.problem}>
            <SubmitError inFooter />
          </ProblemScope>
          <Button variant="secondary" onClick={onHide} disabled={busy}>
            {imported === null ? 'Cancel' : 'Close'}
          </Button>
          {imported === null && (
            <SubmitButton busy={importing.busy} busyText="Importing…" disabled={!canImport || reading.busy}>
              {plan ? `Import ${people(plan.add.length)}` : 'Import'}
            </SubmitButton>
          )}
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

/** Who the file adds, with their dates in words and their details, and who it skips and why. */
function ImportPreview({ plan: { add, skipped } }: { plan: Plan }) {
  const summaryId = useId();
  return (
    <section aria-labelledby={summaryId}>
      <p id={summaryId} role="status" className="fw-semibold">
        {add.length === 0
          ? 'Nobody in this file can be imported.'
          : `${people(add.length)} will be added.${skipped.length > 0 ? ` Left out: ${skipped.length} (see why below).` : ''}`}
      </p>
      {add.length > 0 && (
        <Table size="sm" responsive className="align-top">
          <caption className="caption-top">Will be added</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Dates</th>
            </tr>
          </thead>
          <tbody>
            {add.map((person) => {
              const details = [person.relationship, person.email, person.phoneNumber, person.address].filter(Boolean);
              return (
                <tr key={person.name}>
                  <th scope="row" className="fw-normal">
                    {person.name}
                    {details.length > 0 && (
                      <div className="small text-body-secondary text-break">{details.join(' · ')}</div>
                    )}
                    {person.notes && (
                      <div className="small text-body-secondary text-break">
                        Kept in their notes: {person.notes.replaceAll('\n', '; ')}
                      </div>
                    )}
                  </th>
                  <td>
                    <ul className="list-unstyled mb-0">
                      {person.dates.map((d) => (
                        <li key={d.occasion}>
                          {d.occasion}: <DateInWords date={d.date} year />
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
      {skipped.length > 0 && (
        <Table size="sm" responsive className="align-top">
          <caption className="caption-top">Not imported</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Why</th>
            </tr>
          </thead>
          <tbody>
            {skipped.map((s, i) => (
              <tr key={i}>
                <th scope="row" className="fw-normal">
                  {s.name}
                </th>
                <td>{s.reason}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}

export default ImportPeopleDialog;
