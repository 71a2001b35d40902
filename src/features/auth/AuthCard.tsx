import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';

import { SubmitError } from '@/components/FormProblem';
import { SubmitButton } from '@/components/SubmitButton';

interface Props {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  /** Links under the card (to the other auth screens). */
  footer?: ReactNode;
}

/** The narrow, centred card every sign-in style screen shares. */
export function AuthCard({ title, lead, children, footer }: Props) {
  return (
    <Container className="py-4 py-sm-5">
      <div className="form-narrow mx-auto">
        <Card className="shadow-sm">
          <Card.Body className="p-4 p-sm-5">
            <h1 className="h3 mb-2">{title}</h1>
            {lead && <p className="text-body-secondary mb-4">{lead}</p>}
            {children}
          </Card.Body>
        </Card>
        {footer && <div className="text-center mt-3 d-grid gap-1">{footer}</div>}
      </div>
    </Container>
  );
}

/** The card's full-width submit button, with the problem of the form's last submit beside it (SubmitError). */
export function AuthSubmit({ busy, busyText, children }: { busy: boolean; busyText: string; children: ReactNode }) {
  return (
    <>
      <div className="d-grid">
        <SubmitButton busy={busy} busyText={busyText}>
          {children}
        </SubmitButton>
      </div>
      <SubmitError />
    </>
  );
}
