import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';

import type { AdminOrderListItem, BulkResult } from '#contract/admin';
import { STATUS_ACTIONS, type OrderStatus, type StatusAction } from '#contract/orderStatus';
import { bulkUpdateStatus, wantsSecondFactor } from '@/api/admin';
import { BusyButton } from '@/components/SubmitButton';
import { describeError } from '@/lib/errors';

import { RejectDialog } from './RejectDialog';
import { useSecondFactorPrompt } from './SecondFactorDialog';

interface Props {
  view: OrderStatus;
  orders: AdminOrderListItem[];
  selected: string[];
  /** After a bulk move (whatever its outcome): the page reloads the list and the counts. */
  onDone: (report: BulkReport) => void;
}

/** What one bulk move did, to show above the reloaded list. */
export interface BulkReport {
  to: OrderStatus;
  moved: number;
  refused: Array<{ recipient: string; error: string }>;
  /** The request itself failed (no answer, or refused as a whole). */
  error?: string;
}

const ordersWord = (n: number) => (n === 1 ? '1 order' : `${n} orders`);

/** The report of a bulk move: how many moved, and each refused order with the server's reason. */
export function BulkReportAlert({ report, onClose }: { report: BulkReport; onClose: () => void }) {
  const failed = report.error !== undefined || report.refused.length > 0;
  return (
    <Alert variant={failed ? 'warning' : 'success'} dismissible onClose={onClose} role="status">
      {report.error ? (
        <p className="mb-0">Nothing was moved: {report.error}</p>
      ) : (
        <p className="mb-0">
          {report.moved > 0 ? `Moved ${ordersWord(report.moved)} to ${report.to}.` : 'No order was moved.'}
        </p>
      )}
      {report.refused.length > 0 && (
        <ul className="mb-0 mt-2">
          {report.refused.map((r, i) => (
            <li key={i}>
              {r.recipient}: {r.error}
            </li>
          ))}
        </ul>
      )}
    </Alert>
  );
}

/**
 * The bar over a list with orders selected: how many, and the moves the workflow allows from this view.
 * Reject asks for an optional reason first. Each order is moved on its own by the server, only if it is still
 * in this view; the report lists the ones it refused and why.
 */
export function BulkActions({ view, orders, selected, onDone }: Props) {
  const [sending, setSending] = useState<StatusAction | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const secondFactor = useSecondFactorPrompt();
  const actions = STATUS_ACTIONS[view];
  if (selected.length === 0 || actions.length === 0) return null;

  const move = async (action: StatusAction, to: OrderStatus, reason?: string) => {
    setSending(action);
    const recipientOf = (id: string) => orders.find((o) => o._id === id)?.recipientName ?? id;
    let report: BulkReport;
    try {
      // `from`: the view the orders were chosen in; one another admin has moved since is refused, not moved again.
      const send = () =>
        bulkUpdateStatus({
          ids: selected,
          status: to,
          from: view,
          ...(reason?.trim() && { reason: reason.trim() }),
        });
      let answer = await send();
      // Rejecting many at once wants a recent code: ask for one, then try again.
      if (!answer.success && wantsSecondFactor(answer)) {
        setRejecting(false);
        if (await secondFactor.confirm()) answer = await send();
      }
      report = answer.success
        ? {
            to,
            moved: answer.results.filter((r) => r.success).length,
            refused: answer.results
              .filter((r): r is BulkResult & { error: string } => !r.success)
              .map((r) => ({ recipient: recipientOf(r._id), error: r.error ?? 'Refused' })),
          }
        : { to, moved: 0, refused: [], error: answer.error ?? 'The server refused the move' };
    } catch (err) {
      console.error('Bulk status move failed', err);
      report = { to, moved: 0, refused: [], error: describeError(err) };
    }
    setSending(null);
    setRejecting(false);
    onDone(report);
  };

  return (
    <div
      className="d-flex flex-wrap align-items-center gap-2 mb-3 p-2 border rounded bg-body-tertiary"
      role="group"
      aria-label="Selected orders"
    >
      <span className="me-2 fw-medium">{selected.length} selected</span>
      {actions.map(({ action, to }) => (
        <BusyButton
          key={action}
          size="sm"
          variant={action === 'Reject' ? 'outline-danger' : 'primary'}
          busy={sending === action}
          disabled={sending !== null}
          onClick={() => (action === 'Reject' ? setRejecting(true) : void move(action, to))}
        >
          {action}
        </BusyButton>
      ))}
      <RejectDialog
        show={rejecting}
        title={`Reject ${ordersWord(selected.length)}`}
        busy={sending === 'Reject'}
        onCancel={() => setRejecting(false)}
        onReject={(reason) => void move('Reject', 'rejected', reason)}
      />
      {secondFactor.dialog}
    </div>
  );
}
