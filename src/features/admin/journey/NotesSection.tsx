import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';

import { ORDER_NOTE_MAX, type OrderNote } from '#contract/timeline';
import { addOrderNote } from '@/api/timeline';
import { CharacterCount } from '@/components/CharacterCount';
import { useSubmit } from '@/hooks/useSubmit';

/**
 * Staff's internal notes on the order in View Order, newest last, and a form to add one. Never shown to the
 * customer (the server leaves them out of everything the customer gets).
 */
export function NotesSection({ orderId, notes }: { orderId: string; notes: OrderNote[] }) {
  const [added, setAdded] = useState<OrderNote[]>([]);
  const [body, setBody] = useState('');
  const { busy, error, submit } = useSubmit<Awaited<ReturnType<typeof addOrderNote>>>({
    onSuccess: ({ note }) => {
      setAdded((list) => [...list, note]);
      setBody('');
    },
    fallbackError: 'The note could not be added.',
    what: 'Adding a note',
  });
  // A reload of the dialog may already carry a note added here.
  const shown = [...notes, ...added.filter((note) => !notes.some((n) => n._id === note._id))];
  const blank = body.trim() === '';

  return (
    <section aria-labelledby="notes-section-title" className="mt-4">
      <h3 id="notes-section-title" className="h6 text-uppercase text-body-secondary admin-section-title">
        Internal notes
      </h3>
      <p className="small text-body-secondary">Only staff see these; the customer never does.</p>
      {shown.length === 0 ? (
        <p className="small text-body-secondary">No notes yet.</p>
      ) : (
        <ul className="list-unstyled mb-3" aria-labelledby="notes-section-title">
          {shown.map((note) => (
            <li key={note._id} className="border-start border-3 ps-2 mb-2" data-testid="order-note">
              <div className="text-break admin-details-text" style={{ whiteSpace: 'pre-wrap' }}>
                {note.body}
              </div>
              <div className="small text-body-secondary">
                <time dateTime={note.at}>{new Date(note.at).toLocaleString()}</time>
                {` · ${note.by}`}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!blank) void submit(() => addOrderNote(orderId, body));
        }}
      >
        <Form.Group controlId="order-note-body">
          <Form.Label>Add a note</Form.Label>
          <Form.Control
            as="textarea"
            rows={2}
            value={body}
            disabled={busy}
            isInvalid={Boolean(error)}
            aria-describedby="order-note-left"
            onChange={(event) => setBody(event.target.value)}
          />
          <CharacterCount id="order-note-left" controlId="order-note-body" value={body} max={ORDER_NOTE_MAX} />
        </Form.Group>
        {error && (
          <Alert variant="danger" className="py-2 mt-2 mb-0 small">
            {error}
          </Alert>
        )}
        <Button
          type="submit"
          variant="outline-primary"
          size="sm"
          className="mt-2"
          disabled={busy || blank}
          aria-busy={busy}
        >
          {busy && <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />}
          Add note
        </Button>
      </Form>
    </section>
  );
}
