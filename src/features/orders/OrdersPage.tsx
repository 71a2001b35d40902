import './orders.css';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { useNavigate } from 'react-router-dom';
import { isProfileFilled } from '@/api/auth';
import { getGifts } from '@/api/gifts';
import { verifySession } from '@/api/session';
import { PageSpinner } from '@/components/PageSpinner';
import type { GiftOrder } from '#contract/gifts';
import { MESSAGES } from '#contract/messages';
import { usePageMeta } from '@/hooks/usePageMeta';
import { notify } from '@/lib/notify';
import { bringIntoView } from '@/lib/scroll';
import { AddOrderDialog } from './AddOrderDialog';
import { DeleteOrderDialog } from './DeleteOrderDialog';
import { EditOrderDialog } from './EditOrderDialog';
import { OrderCard } from './OrderCard';
import { groupByDate } from './orderHelpers';
import { OrdersCalendar } from './OrdersCalendar';

/** SPEC.md §2 Orders, §4 screen modes: a calendar, the order cards, Order + and All Orders. */
export default function OrdersPage() {
  usePageMeta('Your orders', 'Place, track, edit and cancel your gift orders, with every occasion on a calendar.');
  const navigate = useNavigate();
  const [ready, setReady] = useState(false);
  const [profileFilled, setProfileFilled] = useState(true);
  const [orders, setOrders] = useState<GiftOrder[]>([]);
  const [selectedDate, setSelectedDate] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<GiftOrder | null>(null);
  const [deleting, setDeleting] = useState<GiftOrder | null>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  /** Counts day picks, so each one (even of the same day) brings the results into view once drawn. */
  const [dayPicks, setDayPicks] = useState(0);

  /**
   * Whether the list shown is the server's answer: a failed load is logged and the screen keeps what
   * it had, but says so with a retry rather than claiming there are no orders.
   */
  const [loadFailed, setLoadFailed] = useState(false);
  const [loadedOnce, setLoadedOnce] = useState(false);
  const [retrying, setRetrying] = useState(false);

  const applyGifts = useCallback((answer: Awaited<ReturnType<typeof getGifts>>) => {
    if (Array.isArray(answer)) {
      setOrders(answer);
      setLoadedOnce(true);
      setLoadFailed(false);
      return;
    }
    console.error('Loading orders failed', answer.error);
    setLoadFailed(true);
  }, []);

  const refresh = useCallback(async () => {
    try {
      applyGifts(await getGifts());
    } catch (err) {
      console.error('Loading orders failed', err);
      setLoadFailed(true);
    }
  }, [applyGifts]);

  const retry = async () => {
    setRetrying(true);
    await refresh();
    setRetrying(false);
  };

  useEffect(() => {
    let cancelled = false;
    // The three calls go out together (one round trip, not two); the answers are read in the
    // spec's order: the user check first, then the profile, then the list.
    // Not signed in for this view unless the server accepted the session (a token it refused is dropped).
    const auth = verifySession('customer').then((verdict) => verdict.state === 'valid');
    const profileCheck = isProfileFilled().then(
      (answer) => ({ answer }),
      (err: unknown) => ({ err }),
    );
    const gifts = getGifts().then(
      (answer) => ({ answer }),
      (err: unknown) => ({ err }),
    );
    (async () => {
      const authenticated = await auth;
      if (cancelled) return;
      if (!authenticated) {
        navigate('/signin', { replace: true });
        return;
      }
      const [profile, list] = await Promise.all([profileCheck, gifts]);
      if (cancelled) return;
      // Spec §4: the flag starts true and follows the check's answer; a failed check is logged only.
      if ('err' in profile) console.error('Profile check failed', profile.err);
      else if (!profile.answer.success) console.error('Profile check failed', profile.answer.error);
      else {
        setProfileFilled(profile.answer.isProfileFilled);
        if (!profile.answer.isProfileFilled) {
          notify(MESSAGES.updateProfileFirst);
          navigate('/profile', { replace: true });
          return;
        }
      }
      if ('err' in list) {
        console.error('Loading orders failed', list.err);
        setLoadFailed(true);
      } else applyGifts(list.answer);
      setReady(true);
    })();
    return () => {
      cancelled = true;
    };
  }, [navigate, applyGifts]);

  // After the list has shrunk to the day: the calendar may sit far below the results heading.
  useEffect(() => {
    if (dayPicks > 0 && resultsHeading.current) bringIntoView(resultsHeading.current);
  }, [dayPicks]);

  const byDate = useMemo(() => groupByDate(orders), [orders]);
  const visible = selectedDate ? (byDate.get(selectedDate) ?? []) : orders;

  // Spec §7: getgifts is also called when the selected date changes, so the day shows fresh data.
  const selectDay = useCallback(
    (date: string) => {
      setSelectedDate(date);
      setDayPicks((n) => n + 1);
      void refresh();
    },
    [refresh],
  );
  const showAll = () => {
    setSelectedDate(null);
    void refresh();
  };
  const openAdd = () => {
    if (profileFilled) {
      setAdding(true);
      return;
    }
    notify(MESSAGES.updateProfileFirst);
    navigate('/profile');
  };
  const closeEdit = useCallback(() => setEditing(null), []);
  const closeDelete = useCallback(() => setDeleting(null), []);
  const reload = useCallback(() => void refresh(), [refresh]);

  if (!ready) return <PageSpinner label="Loading your orders…" />;

  let heading: string;
  if (selectedDate) heading = visible.length ? `Orders for ${selectedDate}` : `No Orders on ${selectedDate}`;
  else if (orders.length) heading = `All your orders (${orders.length})`;
  else heading = loadedOnce ? 'No Orders yet' : 'Your orders could not be loaded';

  return (
    <Container className="py-4 orders-page">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-4">
        <h1 className="h2 mb-0">Your Orders</h1>
        <div className="d-flex gap-2">
          <Button variant="outline-secondary" onClick={showAll}>
            All Orders
          </Button>
          <Button variant="primary" onClick={openAdd}>
            Order +
          </Button>
        </div>
      </div>
      <Row className="g-4">
        <Col lg={4} xl={4}>
          <section aria-labelledby="calendar-heading" className="orders-calendar-panel">
            <h2 id="calendar-heading" className="h6 text-body-secondary text-uppercase mb-2">
              Calendar
            </h2>
            <OrdersCalendar byDate={byDate} selectedDate={selectedDate} onSelectDay={selectDay} />
            <p className="small text-body-secondary mt-2 mb-0 d-flex flex-wrap gap-3">
              <span>
                <span className="order-marker order-marker--birthday me-1" aria-hidden="true" />
                Birthday
              </span>
              <span>
                <span className="order-marker order-marker--other me-1" aria-hidden="true" />
                Other occasions
              </span>
              <span>Pick a day to see its orders.</span>
            </p>
          </section>
        </Col>
        <Col lg={8} xl={8}>
          <section aria-labelledby="orders-heading">
            <h2 id="orders-heading" ref={resultsHeading} className="h4 mb-3 orders-results-heading" aria-live="polite">
              {heading}
            </h2>
            {loadFailed && (
              <Alert variant="warning" className="d-flex flex-wrap align-items-center gap-2">
                <span className="me-auto">
                  {loadedOnce
                    ? 'We could not refresh your orders. What you see may be out of date.'
                    : 'We could not load your orders. Check your connection and try again.'}
                </span>
                <Button variant="outline-secondary" size="sm" onClick={retry} disabled={retrying} aria-busy={retrying}>
                  {retrying && <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />}
                  Retry
                </Button>
              </Alert>
            )}
            {!selectedDate && loadedOnce && orders.length === 0 && (
              <p className="text-body-secondary">
                Press <strong>Order +</strong> to send your first gift: tell us who it is for and when, we do the rest.
              </p>
            )}
            <Row xs={1} md={2} className="g-3 orders-list">
              {visible.map((order) => (
                <Col key={order._id}>
                  <OrderCard order={order} onEdit={setEditing} onDelete={setDeleting} />
                </Col>
              ))}
            </Row>
          </section>
        </Col>
      </Row>

      <AddOrderDialog show={adding} onClose={() => setAdding(false)} onOrdered={reload} />
      {editing && <EditOrderDialog key={editing._id} order={editing} onClose={closeEdit} refresh={reload} />}
      {deleting && <DeleteOrderDialog key={deleting._id} order={deleting} onClose={closeDelete} refresh={reload} />}
    </Container>
  );
}
