import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { FEEDBACK_RATINGS, FEEDBACK_WORDS, type FeedbackRating } from '#contract/feedbackWords';
import type { GiftFeedback } from '#contract/journey';
import type { CustomerOrder } from '#contract/orders';
import { SHIPPING_LIMITS } from '#contract/shippingLimits';
import { rateGift } from '@/api/orders';
import { CharacterCount } from '@/components/CharacterCount';
import { useSubmit } from '@/hooks/useSubmit';

/**
 * "How did it go?" on a delivered order's card: a rating (loved it, it was fine, not for them) and an optional line,
 * changeable later. The Delivered email links to `/orders?order=<id>&feedback=1`: that card opens its form and
 * focuses it (the list scrolls to the card on `?order=`).
 */
export function FeedbackPanel({ order }: { order: CustomerOrder }) {
  if (order.status !== 'finished' || !order.delivery) return null;
  return <FeedbackForm order={order} />;
}

/** The newer of what the list holds and what this card last saved. */
const newer = (a?: GiftFeedback, b?: GiftFeedback) => (!a ? b : !b ? a : a.at >= b.at ? a : b);

function FeedbackForm({ order }: { order: CustomerOrder }) {
  const [params] = useSearchParams();
  const fromEmail = params.get('order') === order._id && params.get('feedback') === '1';
  const [saved, setSaved] = useState<GiftFeedback | undefined>();
  const feedback = newer(saved, order.feedback);
  const [editing, setEditing] = useState(!feedback || fromEmail);
  const [rating, setRating] = useState<FeedbackRating | ''>(feedback?.rating ?? '');
  const [note, setNote] = useState(feedback?.note ?? '');
  const firstChoice = useRef<HTMLInputElement>(null);
  const { busy, error, setError, submit } = useSubmit<Awaited<ReturnType<typeof rateGift>>>({
    onSuccess: (answer) => {
      setSaved(answer.feedback);
      setEditing(false);
    },
    fallbackError: 'Your answer could not be saved. Please try again.',
    what: 'Saving how the gift went',
  });

  // Opened from the email's link: the rating is where the keyboard and screen reader land. The list focuses the
  // linked card once it has scrolled to it (useOrderDeepLink): that first focus is passed on to the rating too.
  useEffect(() => {
    const radio = firstChoice.current;
    if (!fromEmail || !radio) return;
    radio.focus();
    const card = radio.closest('article');
    const passOn = (event: FocusEvent) => {
      if (event.target !== card) return;
      card?.removeEventListener('focus', passOn);
      radio.focus();
    };
    card?.addEventListener('focus', passOn);
    return () => card?.removeEventListener('focus', passOn);
  }, [fromEmail]);

  const id = `feedback-${order._id}`;
  const startEditing = () => {
    setRating(feedback?.rating ?? '');
    setNote(feedback?.note ?? '');
    setEditing(true);
  };

  if (!editing && feedback) {
    return (
      <div className="order-feedback border rounded px-3 py-2 mb-3 small" data-testid="feedback-panel">
        <p className="mb-1">
          <span className="fw-semibold">How it went: </span>
          {FEEDBACK_WORDS[feedback.rating]}
        </p>
        {feedback.note && <p className="mb-1 text-break">{`“${feedback.note}”`}</p>}
        <button
          type="button"
          className="btn btn-link btn-sm p-0"
          onClick={startEditing}
          aria-label={`Change how the gift for ${order.recipientName} went`}
        >
          Change
        </button>
      </div>
    );
  }

  return (
    <form
      className="order-feedback border rounded px-3 py-2 mb-3 small"
      data-testid="feedback-panel"
      aria-labelledby={`${id}-legend`}
      onSubmit={(event) => {
        event.preventDefault();
        if (!rating) {
          setError('Choose how the gift went.');
          return;
        }
        void submit(() => rateGift(order._id, { rating, ...(note.trim() && { note: note.trim() }) }));
      }}
    >
      <fieldset disabled={busy}>
        <legend id={`${id}-legend`} className="fs-6 fw-semibold mb-1">
          How did the gift go?
        </legend>
        <div className="mb-2">
          {FEEDBACK_RATINGS.map((value, i) => (
            <div className="form-check form-check-inline" key={value}>
              <input
                ref={i === 0 ? firstChoice : undefined}
                className="form-check-input"
                type="radio"
                name={`${id}-rating`}
                id={`${id}-${value}`}
                value={value}
                checked={rating === value}
                onChange={() => setRating(value)}
              />
              <label className="form-check-label" htmlFor={`${id}-${value}`}>
                {FEEDBACK_WORDS[value]}
              </label>
            </div>
          ))}
        </div>
        <label className="form-label mb-1" htmlFor={`${id}-note`}>
          Anything to add? (optional)
        </label>
        <input
          id={`${id}-note`}
          className="form-control form-control-sm mb-2"
          value={note}
          aria-describedby={`${id}-note-count`}
          onChange={(event) => setNote(event.target.value)}
        />
        <CharacterCount
          id={`${id}-note-count`}
          controlId={`${id}-note`}
          value={note}
          max={SHIPPING_LIMITS.feedbackNote}
        />
        {error && (
          <p className="text-danger mb-2" role="alert">
            {error}
          </p>
        )}
        <div className="d-flex gap-2">
          <button type="submit" className="btn btn-primary btn-sm" aria-busy={busy}>
            {busy ? 'Saving…' : 'Save'}
          </button>
          {feedback && (
            <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => setEditing(false)}>
              Cancel
            </button>
          )}
        </div>
      </fieldset>
    </form>
  );
}
