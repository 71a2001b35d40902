import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { RECIPIENT_FIELDS } from '#contract/recipientFields';

import { TextField } from './TextField';

const MAX = RECIPIENT_FIELDS.comments.maxLength;

/** The order form's comments as TextField draws them, in a form of their own. */
function Comments({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <form aria-label="comments">
      <TextField id="comments" label="Comments" as="textarea" maxLength={MAX} value={value} onChange={setValue} />
    </form>
  );
}

const field = () => screen.getByLabelText('Comments') as HTMLTextAreaElement;
const count = () => document.getElementById('comments-count')!;

describe('CharacterCount (a long text field)', () => {
  it('stays quiet until 80 % of the limit, then counts what is left, politely announced', () => {
    render(<Comments />);
    expect(count()).toHaveAttribute('aria-live', 'polite');
    expect(field()).toHaveAttribute('aria-describedby', 'comments-count');
    fireEvent.change(field(), { target: { value: 'x'.repeat(799) } });
    expect(count()).toBeEmptyDOMElement();
    fireEvent.change(field(), { target: { value: 'x'.repeat(800) } });
    expect(field()).toHaveAccessibleDescription('200 characters left');
    fireEvent.change(field(), { target: { value: 'x'.repeat(999) } });
    expect(count()).toHaveTextContent(/^1 character left$/);
    fireEvent.change(field(), { target: { value: 'x'.repeat(MAX) } });
    expect(count()).toHaveTextContent('0 characters left');
    expect(field()).toBeValid();
  });

  it('never cuts a paste: what is over the limit is counted, marked and keeps the form from being sent', async () => {
    render(<Comments initial={'x'.repeat(950)} />);
    const user = userEvent.setup();
    await user.click(field());
    await user.paste('y'.repeat(107));
    expect(field().value).toHaveLength(1057);
    expect(field()).not.toHaveAttribute('maxLength');
    expect(count()).toHaveTextContent('57 characters too many');
    expect(field()).toBeInvalid();
    expect(field().validationMessage).toBe('Please shorten this to 1,000 characters or fewer (it has 1,057)');
    expect(screen.getByRole('form')).toBeInvalid();
    // Shortened to the limit, it may be sent.
    fireEvent.change(field(), { target: { value: 'x'.repeat(MAX) } });
    expect(field()).toBeValid();
  });

  it('leaves short fields to stop at their limit, with no count', () => {
    render(<TextField id="name" label="Name" maxLength={100} value="" onChange={() => undefined} />);
    expect(screen.getByLabelText('Name')).toHaveAttribute('maxLength', '100');
    expect(document.getElementById('name-count')).toBeNull();
  });
});
