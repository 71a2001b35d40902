import type { ReactNode } from 'react';
import Button, { type ButtonProps } from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';

interface Props extends Omit<ButtonProps, 'type' | 'children'> {
  /** True while the form is sending: the button is disabled and shows a spinner. */
  busy: boolean;
  children: ReactNode;
  /** What the button says while busy (defaults to its normal text). */
  busyText?: ReactNode;
}

/** A form's submit button that cannot be pressed twice while the request is in flight. */
export function SubmitButton({ busy, children, busyText, disabled, ...rest }: Props) {
  return (
    <Button type="submit" disabled={busy || disabled} aria-busy={busy} {...rest}>
      {busy && <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />}
      {busy ? (busyText ?? children) : children}
    </Button>
  );
}
