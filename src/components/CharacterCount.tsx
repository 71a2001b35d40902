import { useEffect } from 'react';

/**
 * The limit from which a text field counts its characters rather than stopping at its limit: the long ones (an
 * address, comments, notes, a reason). Shorter ones (a name, a code) keep the browser's maxLength.
 */
export const COUNTED_FROM = 200;
/** The share of the limit from which the count shows: below it, it would only be noise. */
const SHOWN_FROM = 0.8;

const characters = (n: number) => `${n.toLocaleString()} ${n === 1 ? 'character' : 'characters'}`;

/** "123 characters left", "5 characters too many", or '' while the text is short of SHOWN_FROM of the limit. */
export function countText(length: number, max: number): string {
  if (length < max * SHOWN_FROM) return '';
  return length <= max ? `${characters(max - length)} left` : `${characters(length - max)} too many`;
}

/** What the browser says of a text over its limit (the form is not sent while it stands). */
export const overLimitMessage = (length: number, max: number) =>
  `Please shorten this to ${characters(max)} or fewer (it has ${length.toLocaleString()})`;

interface Props {
  /** The count's own id: the field names it in its aria-describedby. */
  id: string;
  /** The id of the field counted. */
  controlId: string;
  value: string;
  max: number;
}

/**
 * The live count under a long text field: hidden until the text nears its limit, then "123 characters left",
 * announced politely as it changes. The field has no maxLength, so nothing typed or pasted is ever cut: a text
 * over the limit shows "5 characters too many" and is invalid (the browser will not send the form, and says why).
 */
export function CharacterCount({ id, controlId, value, max }: Props) {
  const over = value.length > max;
  useEffect(() => {
    const control = document.getElementById(controlId);
    if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) {
      control.setCustomValidity(over ? overLimitMessage(value.length, max) : '');
    }
  }, [controlId, over, value.length, max]);
  return (
    <div id={id} className={`form-text${over ? ' text-danger-emphasis fw-semibold' : ''}`} aria-live="polite">
      {countText(value.length, max)}
    </div>
  );
}
