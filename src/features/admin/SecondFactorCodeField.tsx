import Button from 'react-bootstrap/Button';

import { TextField } from '@/components/TextField';

interface Props {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** A recovery code instead of the app's six digits. */
  recovery: boolean;
  onRecoveryChange: (recovery: boolean) => void;
  disabled?: boolean;
}

/** The authenticator app's six digits: digits only, a numeric keyboard, and the browser may fill a code it received. */
export function TotpCodeField({
  id,
  label,
  help,
  value,
  onChange,
  disabled,
  autoFocus,
}: {
  id: string;
  label: string;
  help: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  autoFocus?: boolean;
}) {
  return (
    <TextField
      id={id}
      label={label}
      value={value}
      onChange={(typed) => onChange(typed.replace(/\D/g, '').slice(0, 6))}
      autoComplete="one-time-code"
      inputMode="numeric"
      pattern="[0-9]{6}"
      maxLength={6}
      disabled={disabled}
      help={help}
      autoFocus={autoFocus}
    />
  );
}

/**
 * The second factor's field: the authenticator app's six digits (a numeric keyboard, and the browser may fill a
 * code it received), or one of the recovery codes, with the switch between the two.
 */
export function SecondFactorCodeField({ id, value, onChange, recovery, onRecoveryChange, disabled }: Props) {
  return (
    <>
      {recovery ? (
        <TextField
          id={id}
          label="Recovery code"
          value={value}
          onChange={onChange}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          disabled={disabled}
          help="One of the ten codes you saved when you set up the app. Each works once."
          autoFocus
        />
      ) : (
        <TotpCodeField
          id={id}
          label="Authentication code"
          value={value}
          onChange={onChange}
          disabled={disabled}
          help="The 6-digit code your authenticator app shows now."
          autoFocus
        />
      )}
      <Button
        variant="link"
        size="sm"
        className="px-0 mb-3"
        onClick={() => {
          onChange('');
          onRecoveryChange(!recovery);
        }}
        disabled={disabled}
      >
        {recovery ? 'Use your authenticator app' : 'Use a recovery code'}
      </Button>
    </>
  );
}
