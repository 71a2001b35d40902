import './proposalSummary.css';

import type { GiftProposal, ProposalState } from '#contract/journey';

/** How each proposal state reads, to the customer and to staff. */
export const PROPOSAL_STATE_WORDS: Record<ProposalState, string> = {
  open: 'Waiting for approval',
  approved: 'Approved',
  declined: 'Asked for something else',
  withdrawn: 'Withdrawn',
};

export const PROPOSAL_STATE_VARIANT: Record<ProposalState, string> = {
  open: 'info',
  approved: 'success',
  declined: 'secondary',
  withdrawn: 'secondary',
};

/**
 * A proposed gift as both the customer's card and staff's View Order show it: the picture (from our origin), the
 * title and price, the description and, above the budget, why.
 */
export function ProposalSummary({ proposal }: { proposal: GiftProposal }) {
  return (
    <div className="proposal-summary d-flex gap-3 align-items-start">
      {proposal.imageUrl && (
        <img
          src={proposal.imageUrl}
          alt={proposal.title}
          width={96}
          height={96}
          loading="lazy"
          className="proposal-summary__picture rounded border flex-shrink-0"
        />
      )}
      <div className="min-w-0">
        <p className="mb-1 fw-semibold text-break">
          {proposal.title} <span className="text-nowrap">{`$${proposal.price}`}</span>
        </p>
        {proposal.description && <p className="mb-1 small text-break">{proposal.description}</p>}
        {proposal.overBudgetReason && (
          <p className="mb-0 small text-warning-emphasis text-break">
            {`Above the budget: ${proposal.overBudgetReason}`}
          </p>
        )}
      </div>
    </div>
  );
}
