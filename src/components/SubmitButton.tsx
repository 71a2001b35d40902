import type { ReactNode } from 'react';
import Button, { type ButtonProps } from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';

interface Props extends Omit<ButtonProps, 'children'> {
  /** True while the request is out: the button is disabled and shows a spinner. */
  busy: boolean;
  children: ReactNode;
  /** What the button says while busy (defaults to its normal text). */
  busyText?: ReactNode;
}

/** A button that cannot be pressed twice while its request is in flight. */
export function BusyButton({ busy, children, busyText, disabled, type = 'button', ...rest }: Props) {
  return (
    <Button type={type} disabled={busy || disabled} aria-busy={busy} {...rest}>
      {busy && <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />}
      {busy ? (busyText ?? children) : children}
    </Button>
  );
}

/** A form's submit button that cannot be pressed twice while the request is in flight. */
export function SubmitButton(props: Omit<Props, 'type'>) {
  return <BusyButton type="submit" {...props} />;
}
