import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { useApiForm } from '@/hooks/useApiForm';

import { ProblemScope, SubmitError } from './FormProblem';
import { EmailField } from './TextField';

/** A form whose submit is refused with `reason`: an email field that shows its problems, and a plain input. */
function Refused({ reason }: { reason: string }) {
  const { busy, problem, handleSubmit } = useApiForm({
    send: async () => ({ success: false, error: reason }),
    onSuccess: () => undefined,
    fallbackError: 'Refused',
  });
  return (
    <form onSubmit={handleSubmit} aria-label="refused">
      <ProblemScope problem={problem}>
        <EmailField value="a@b.co" onChange={() => undefined} />
        <label>
          Note <input name="note" />
        </label>
        <button type="submit" disabled={busy}>
          Send
        </button>
        <SubmitError />
      </ProblemScope>
    </form>
  );
}

async function refuse(reason: string) {
  render(<Refused reason={reason} />);
  await userEvent.setup().click(screen.getByRole('button', { name: 'Send' }));
}

describe('where a refused submit shows (refusalProblem, ProblemScope)', () => {
  it("beside the field its label starts, which takes the focus: the server's own words", async () => {
    await refuse('Email is too long');
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Email is too long');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    ['a rule of two fields', 'Email or password is incorrect', 'Email or password is incorrect'],
    ['a field the form does not show, in words', 'occasionId: Invalid input', 'Occasion id: check what you entered'],
    [
      'a field that cannot show its own problem',
      'note: Too big: expected string to have <=5 characters',
      'Note: check what you entered',
    ],
  ])('beside the button, focused, for %s', async (_case, reason, shown) => {
    await refuse(reason);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(shown);
    await waitFor(() => expect(alert).toHaveFocus());
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
  });
});
