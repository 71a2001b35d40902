import { useId, useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router-dom';

import type { GiftProposal } from '#contract/journey';
import type { CustomerOrder } from '#contract/orders';
import { PROPOSAL_NOTE_MAX } from '#contract/proposalLimits';
import type { ApiAnswer } from '@/api/client';
import { approveProposal, declineProposal } from '@/api/proposals';
import { CharacterCount } from '@/components/CharacterCount';
import { PROPOSAL_STATE_VARIANT, PROPOSAL_STATE_WORDS, ProposalSummary } from '@/components/ProposalSummary';
import { BusyButton } from '@/components/SubmitButton';
import { useSubmit } from '@/hooks/useSubmit';

/**
 * What the card says under a proposal the customer can no longer answer, by its state. A withdrawn one on a new
 * order was withdrawn by the customer's edit; on any other, by staff moving the order on before it was answered.
 */
function afterwards(state: Exclude<GiftProposal['state'], 'open'>, status: CustomerOrder['status']): string {
  if (state === 'approved') return 'We are preparing this gift.';
  if (state === 'declined') return 'We will find something else and propose it here.';
  if (status === 'new') return 'You changed the order, so we will propose a gift for it as it is now.';
  if (status === 'rejected') return 'This proposal was withdrawn.';
  return 'We went ahead with your order as you placed it, without this proposal.';
}

/**
 * The gift staff proposed for this order, on the customer's card: Approve (the order is then processed) or Ask for
 * something else, with a note of what to look for instead. Once answered it says what happens next.
 */
export function ProposalPanel({ order }: { order: CustomerOrder }) {
  // Most cards have none: no hooks for them (the list draws many cards at once).
  return order.proposal ? <ProposalAnswer order={order} given={order.proposal} /> : null;
}

function ProposalAnswer({ order, given }: { order: CustomerOrder; given: GiftProposal }) {
  // The answer's proposal shows at once; the list's reload then brings the order's new status.
  const [answered, setAnswered] = useState<{ from: GiftProposal; proposal: GiftProposal } | null>(null);
  const [asking, setAsking] = useState(false);
  const [note, setNote] = useState('');
  const { revalidate } = useRevalidator();
  const noteId = useId();
  const { busy, error, submit } = useSubmit<ApiAnswer<{ proposal: GiftProposal }>>({
    onSuccess: (answer) => {
      setAnswered({ from: given, proposal: answer.proposal });
      setAsking(false);
      void revalidate();
    },
    // Staff or another tab got there first: show the order as it is now.
    onRefused: () => void revalidate(),
    fallbackError: 'Your answer could not be sent.',
    what: 'Answering the proposal',
  });

  const proposal = answered?.from === given ? answered.proposal : given;
  const answerable = proposal.state === 'open' && order.status === 'new';

  const sendNote = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit(() => declineProposal(order._id, note));
  };

  return (
    <section className="proposal-panel border rounded px-3 py-2 mb-3" aria-label="Proposed gift">
      <div className="d-flex align-items-center justify-content-between gap-2 mb-2">
        <h4 className="h6 mb-0">Our proposal</h4>
        <span className={`badge text-bg-${PROPOSAL_STATE_VARIANT[proposal.state]}`}>
          {PROPOSAL_STATE_WORDS[proposal.state]}
        </span>
      </div>
      <ProposalSummary proposal={proposal} />
      {proposal.state === 'declined' && proposal.responseNote && (
        <p className="small mt-2 mb-0 text-break">{`You asked for: ${proposal.responseNote}`}</p>
      )}
      {proposal.state !== 'open' && (
        <p className="small text-body-secondary mt-2 mb-0" role="status">
          {afterwards(proposal.state, order.status)}
        </p>
      )}
      {answerable && !asking && (
        <div className="d-flex flex-wrap gap-2 mt-2">
          <BusyButton
            size="sm"
            variant="success"
            busy={busy}
            busyText="Approving…"
            onClick={() => void submit(() => approveProposal(order._id))}
          >
            Approve
          </BusyButton>
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            disabled={busy}
            onClick={() => setAsking(true)}
          >
            Ask for something else
          </button>
        </div>
      )}
      {answerable && asking && (
        <form className="mt-2" onSubmit={sendNote}>
          <label htmlFor={noteId} className="form-label small mb-1">
            What would you like instead?
          </label>
          <textarea
            id={noteId}
            className="form-control form-control-sm"
            rows={2}
            aria-describedby={`${noteId}-count`}
            required
            value={note}
            disabled={busy}
            autoFocus
            onChange={(e) => setNote(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setAsking(false);
            }}
          />
          <CharacterCount id={`${noteId}-count`} controlId={noteId} value={note} max={PROPOSAL_NOTE_MAX} />
          <div className="d-flex flex-wrap gap-2 mt-2">
            <BusyButton type="submit" size="sm" variant="primary" busy={busy} busyText="Sending…">
              Send
            </BusyButton>
            <button
              type="button"
              className="btn btn-outline-secondary btn-sm"
              disabled={busy}
              onClick={() => setAsking(false)}
            >
              Cancel
            </button>
          </div>
        </form>
      )}
      {error && (
        <p className="small text-danger mt-2 mb-0" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
