import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';

import type { AdminOrderDetails } from '#contract/admin';
import type { GiftProposal } from '#contract/journey';
import {
  priceCents,
  PROPOSAL_DESCRIPTION_MAX,
  PROPOSAL_REASON_MAX,
  PROPOSAL_TITLE_MAX,
} from '#contract/proposalLimits';
import type { ApiAnswer } from '@/api/client';
import { proposeGift } from '@/api/proposals';
import { ProblemScope, SubmitError } from '@/components/FormProblem';
import { PROPOSAL_STATE_VARIANT, PROPOSAL_STATE_WORDS, ProposalSummary } from '@/components/ProposalSummary';
import { SubmitButton } from '@/components/SubmitButton';
import { TextField } from '@/components/TextField';
import { useSubmit } from '@/hooks/useSubmit';
import { formatBudget } from '@/lib/money';

import { readPicture, type ChosenPicture } from './pictureFile';

interface Props {
  order: AdminOrderDetails;
  /** A proposal was made: the dialog loads the order again (auto-approval may have moved it). */
  onProposed: () => void;
}

const EMPTY = { title: '', description: '', price: '', overBudgetReason: '' };

/**
 * View Order's gift proposal: the current one and its state (with the customer's note when they asked for something
 * else) and, on a new order with nothing open, the form to propose a gift with an optional picture.
 */
export function ProposalSection({ order, onProposed }: Props) {
  const proposal = order.proposal;
  const canPropose = order.status === 'new' && proposal?.state !== 'open';
  return (
    <section className="mt-4" aria-labelledby="proposal-heading">
      <h3 className="h6 text-uppercase text-body-secondary" id="proposal-heading">
        Gift proposal
      </h3>
      {proposal ? <CurrentProposal proposal={proposal} /> : <p className="small text-body-secondary">None yet.</p>}
      {canPropose && <ProposeForm order={order} onProposed={onProposed} />}
    </section>
  );
}

function CurrentProposal({ proposal }: { proposal: GiftProposal }) {
  return (
    <div className="border rounded p-2 mb-3">
      <div className="d-flex justify-content-between align-items-center gap-2 mb-2">
        <span className="small text-body-secondary">{`Proposed ${proposal.proposedAt.slice(0, 10)}`}</span>
        <span className={`badge text-bg-${PROPOSAL_STATE_VARIANT[proposal.state]}`}>
          {PROPOSAL_STATE_WORDS[proposal.state]}
        </span>
      </div>
      <ProposalSummary proposal={proposal} />
      {proposal.responseNote && (
        <p className="small mt-2 mb-0 text-break">{`The customer asked for: ${proposal.responseNote}`}</p>
      )}
    </div>
  );
}

function ProposeForm({ order, onProposed }: Props) {
  const [form, setForm] = useState(EMPTY);
  const [picture, setPicture] = useState<ChosenPicture | null>(null);
  const [pictureError, setPictureError] = useState<string | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const ids = { picture: useId(), pictureHelp: useId() };
  const { busy, problem, submit } = useSubmit<ApiAnswer>({
    onSuccess: () => {
      setForm(EMPTY);
      setPicture(null);
      onProposed();
    },
    fallbackError: 'The proposal could not be saved.',
    what: 'Proposing a gift',
  });

  const budget = priceCents(order.budget);
  const price = priceCents(form.price);
  const overBudget = budget !== null && price !== null && price > budget;
  const set = (field: keyof typeof EMPTY) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    setPicture(null);
    setPictureError(null);
    if (!file) return;
    const read = await readPicture(file);
    if ('error' in read) {
      setPictureError(read.error);
      setFileKey((k) => k + 1); // clears the chooser, so the refused file is not shown as chosen
    } else setPicture(read.picture);
  };

  const send = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    void submit(
      () =>
        proposeGift(order._id, {
          title: form.title,
          description: form.description,
          price: form.price,
          ...(overBudget && { overBudgetReason: form.overBudgetReason }),
          ...(picture && { picture: picture.base64 }),
        }),
      e.currentTarget,
    );
  };

  return (
    <Form onSubmit={send} aria-label="Propose a gift" noValidate={false}>
      <ProblemScope problem={problem}>
        {/* Every field waits while the proposal is sent, as the shipment's form does. */}
        <fieldset disabled={busy}>
          <TextField
            label="Title"
            id={`proposal-title-${order._id}`}
            groupClassName="mb-2"
            value={form.title}
            onChange={set('title')}
            required
            maxLength={PROPOSAL_TITLE_MAX}
          />
          <TextField
            label="Description"
            id={`proposal-description-${order._id}`}
            groupClassName="mb-2"
            as="textarea"
            rows={2}
            value={form.description}
            onChange={set('description')}
            maxLength={PROPOSAL_DESCRIPTION_MAX}
          />
          <TextField
            label="Price"
            id={`proposal-price-${order._id}`}
            groupClassName="mb-2"
            value={form.price}
            onChange={set('price')}
            required
            inputMode="decimal"
            placeholder="49.99"
            help={
              overBudget
                ? `Above the budget of ${formatBudget(order.budget)}: say why below.`
                : `Budget: ${formatBudget(order.budget)}`
            }
          />
          {overBudget && (
            <TextField
              label="Why it is over budget"
              id={`proposal-reason-${order._id}`}
              groupClassName="mb-2"
              value={form.overBudgetReason}
              onChange={set('overBudgetReason')}
              required
              maxLength={PROPOSAL_REASON_MAX}
            />
          )}
          <Form.Group className="mb-2">
            <Form.Label htmlFor={ids.picture}>Picture (optional)</Form.Label>
            <Form.Control
              key={fileKey}
              id={ids.picture}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              aria-describedby={ids.pictureHelp}
              aria-invalid={pictureError !== null}
              onChange={(e) => void choose(e as ChangeEvent<HTMLInputElement>)}
            />
            <Form.Text id={ids.pictureHelp}>JPEG, PNG or WebP, at most 2 MB.</Form.Text>
            {pictureError && (
              <p className="small text-danger mb-0" role="alert">
                {pictureError}
              </p>
            )}
            {picture && (
              <img
                src={picture.dataUrl}
                alt="Preview of the chosen picture"
                width={96}
                height={96}
                className="proposal-summary__picture rounded border d-block mt-2"
              />
            )}
          </Form.Group>
        </fieldset>
        <SubmitError className="py-2 px-3 mb-3 small" />
        <SubmitButton busy={busy} busyText="Proposing…" size="sm">
          Propose gift
        </SubmitButton>
      </ProblemScope>
    </Form>
  );
}
