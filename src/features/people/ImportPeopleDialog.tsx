import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

/**
 * PLACEHOLDER so that the People screen compiles: the import helper's ImportPeopleDialog (vCard and CSV, preview,
 * then import) replaces this file at merge, with the same default export and props.
 */
export default function ImportPeopleDialog({ show, onHide }: { show: boolean; onHide(): void; onImported(): void }) {
  return (
    <Modal show={show} onHide={onHide} aria-labelledby="import-people-title" centered>
      <Modal.Header closeButton closeLabel="Close dialog">
        <Modal.Title id="import-people-title">Import contacts</Modal.Title>
      </Modal.Header>
      <Modal.Body>Importing contacts is coming soon.</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onHide}>
          Close
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
