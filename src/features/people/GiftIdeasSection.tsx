import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';

import type { GiftIdea, Person } from '#contract/people';
import { GIFT_IDEA_MAX } from '#contract/personLimits';
import { addGiftIdea, deleteGiftIdea, updateGiftIdea } from '@/api/people';
import { CharacterCount } from '@/components/CharacterCount';
import { FormError } from '@/components/FormError';
import { BusyButton } from '@/components/SubmitButton';
import { useSubmit } from '@/hooks/useSubmit';

import { reloadAfter } from './reloadAfter';

/**
 * Gift ideas: a short list to add to, strike through once used (and bring back), and remove. Each change is sent
 * at once; while one is out the list's buttons wait.
 */
export function GiftIdeasSection({ person, onChanged }: { person: Person; onChanged: () => Promise<void> }) {
  const [text, setText] = useState('');
  const add = useSubmit({
    onSuccess: () => setText(''),
    fallbackError: 'The gift idea could not be added.',
    what: 'Adding a gift idea',
  });
  const change = useSubmit({
    onSuccess: () => undefined,
    fallbackError: 'The gift idea could not be changed.',
    what: 'Changing a gift idea',
  });
  const busy = add.busy || change.busy;
  const handleAdd = (e: FormEvent) => {
    e.preventDefault();
    void add.submit(() => reloadAfter(addGiftIdea(person._id, text), onChanged));
  };
  const toggle = (idea: GiftIdea) =>
    void change.submit(() => reloadAfter(updateGiftIdea(person._id, idea._id, !idea.used), onChanged));
  const remove = (idea: GiftIdea) =>
    void change.submit(() => reloadAfter(deleteGiftIdea(person._id, idea._id), onChanged));

  return (
    <section aria-labelledby="gift-ideas" className="mb-4">
      <h2 id="gift-ideas" className="h5 mb-2">
        Gift ideas
      </h2>
      {person.giftIdeas.length === 0 ? (
        <p className="text-body-secondary">No ideas yet. Jot one down when it comes to you.</p>
      ) : (
        <ul className="list-group mb-3" aria-label={`Gift ideas for ${person.name}`} aria-busy={change.busy}>
          {person.giftIdeas.map((idea) => (
            <li key={idea._id} className="list-group-item d-flex align-items-center gap-2" data-testid="gift-idea">
              <Form.Check
                id={`idea-${idea._id}`}
                className={`flex-grow-1 min-w-0 text-break${idea.used ? ' gift-idea-used' : ''}`}
                label={idea.text}
                checked={idea.used}
                disabled={busy}
                onChange={() => toggle(idea)}
                title={idea.used ? 'Used: untick to bring it back' : 'Tick once used'}
              />
              <Button
                size="sm"
                variant="outline-danger"
                disabled={busy}
                onClick={() => remove(idea)}
                aria-label={`Remove ${idea.text}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <FormError message={change.error} className="py-2 px-3 mb-3 small" />
      <Form onSubmit={handleAdd}>
        <Form.Label htmlFor="new-gift-idea" className="visually-hidden">
          New gift idea
        </Form.Label>
        <InputGroup>
          <Form.Control
            id="new-gift-idea"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="A new gift idea"
            aria-describedby="new-gift-idea-count"
            required
            disabled={add.busy}
          />
          <BusyButton type="submit" variant="outline-primary" busy={add.busy} busyText="Adding…" disabled={busy}>
            Add idea
          </BusyButton>
        </InputGroup>
        <CharacterCount id="new-gift-idea-count" controlId="new-gift-idea" value={text} max={GIFT_IDEA_MAX} />
        <FormError message={add.error} />
      </Form>
    </section>
  );
}
