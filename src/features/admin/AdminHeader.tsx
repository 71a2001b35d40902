import { useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useLocation, useMatches, useNavigate, useSearchParams } from 'react-router-dom';

import type { OrderCounts } from '#contract/admin';
import { capitalise, ORDER_STATUSES } from '#contract/orderStatus';
import { adminLogout } from '@/api/admin';
import { ThemeSwitch } from '@/components/ThemeSwitch';
import { clearToken } from '@/lib/storage';

import { parseView, VIEW_PARAM, viewHref } from './views';

import './admin.css';

/**
 * The views' counts, as the orders page's loader brought them with its list (so they are reloaded with it,
 * after every move and on every view change); none on the other admin screens.
 */
function useOrderCounts(): OrderCounts | null {
  const matches = useMatches();
  for (const match of matches) {
    const data = match.data as { orderCounts?: OrderCounts | null } | undefined;
    if (data?.orderCounts) return data.orderCounts;
  }
  return null;
}

/** Ends the session and leaves; the header's Sign Out (its spinner shows until this settles). */
type SignOut = () => Promise<void>;

/**
 * The admin navigation: the order views, /requests, the signed-in admin's email, their account and Sign Out. Rendered by the admin layout once its loader checked the admin session.
 *
 * `enrolOnly`: the form an enrol-only session can use (the enrolment of a second factor, on /admin): the brand, the
 * admin's email, the theme and Sign Out, which ends that session as `enrolOnly.signOut` does. No link is shown, as
 * every screen it would open answers 403 until the enrolment is done.
 */
export default function AdminHeader({ email, enrolOnly }: { email: string | null; enrolOnly?: { signOut: SignOut } }) {
  const navigate = useNavigate();
  const signOut: SignOut =
    enrolOnly?.signOut ??
    (async () => {
      // Revoke the session on the server; sign out locally even if that call fails.
      await adminLogout().catch((err: unknown) => console.error('Admin sign-out call failed', err));
      clearToken('admin');
      navigate('/admin');
    });
  const brand = (
    <>
      <img src="/favicon.svg" alt="" width="28" height="28" className="me-2 align-text-bottom" />
      Giftwise <span className="text-body-secondary fw-normal">Admin</span>
    </>
  );

  if (enrolOnly) {
    // No menu to collapse: the navbar's row puts the tools at its end, or on a phone on a row of their own under the
    // brand, the email cut short.
    return (
      <Navbar className="border-bottom bg-body-tertiary admin-area" aria-label="Admin">
        <Container className="gap-2">
          <Navbar.Brand as="span" className="fw-semibold">
            {brand}
          </Navbar.Brand>
          <AccountTools email={email} signOut={signOut} className="" />
        </Container>
      </Navbar>
    );
  }
  return (
    <Navbar expand="lg" className="border-bottom bg-body-tertiary admin-area" collapseOnSelect aria-label="Admin">
      <Container>
        <Navbar.Brand as={Link} to={viewHref('new')} className="fw-semibold">
          {brand}
        </Navbar.Brand>
        <Navbar.Toggle aria-controls="admin-nav" />
        <Navbar.Collapse id="admin-nav">
          <AdminSections />
          <AccountTools email={email} signOut={signOut} className="py-2 py-lg-0">
            <AccountLink />
          </AccountTools>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}

/** The order views (each with its count on /adminorders) and /requests, the current one marked. */
function AdminSections() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const onOrders = pathname === '/adminorders';
  const counts = useOrderCounts();
  const view = parseView(params.get(VIEW_PARAM));
  return (
    <Nav className="me-auto admin-views" as="ul" aria-label="Admin sections">
      {ORDER_STATUSES.map((status) => {
        const active = onOrders && view === status;
        return (
          <Nav.Item as="li" key={status}>
            <Nav.Link
              as={Link}
              to={viewHref(status)}
              eventKey={status}
              active={active}
              aria-current={active ? 'page' : undefined}
            >
              {capitalise(status)}
              {counts && ' '}
              {counts && (
                <span className="badge rounded-pill text-bg-secondary admin-count">
                  {counts[status].toLocaleString('en-US')}
                </span>
              )}
            </Nav.Link>
          </Nav.Item>
        );
      })}
      <Nav.Item as="li" className="admin-nav-divider">
        <Nav.Link
          as={Link}
          to="/requests"
          eventKey="/requests"
          active={pathname === '/requests'}
          aria-current={pathname === '/requests' ? 'page' : undefined}
        >
          Requests
        </Nav.Link>
      </Nav.Item>
    </Nav>
  );
}

function AccountLink() {
  const { pathname } = useLocation();
  return (
    <Link
      to="/admin/account"
      className="btn btn-sm btn-link"
      aria-current={pathname === '/admin/account' ? 'page' : undefined}
    >
      Your account
    </Link>
  );
}

/** The signed-in admin's email, what `children` add (their account's link), the theme switch and Sign Out. */
function AccountTools({
  email,
  signOut,
  className,
  children,
}: {
  email: string | null;
  signOut: SignOut;
  /** How the row wraps and where it sits. */
  className: string;
  children?: ReactNode;
}) {
  const [signingOut, setSigningOut] = useState(false);
  const handleSignOut = async () => {
    setSigningOut(true);
    try {
      await signOut();
    } finally {
      setSigningOut(false);
    }
  };
  return (
    <div className={`d-flex align-items-center justify-content-end gap-2 admin-tools ${className}`}>
      {email && (
        <span className="small text-body-secondary text-truncate admin-who" title={email}>
          {email}
        </span>
      )}
      {children}
      <ThemeSwitch />
      <Button
        variant="outline-primary"
        size="sm"
        className="text-nowrap"
        onClick={() => void handleSignOut()}
        disabled={signingOut}
      >
        {signingOut && <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />}
        Sign Out
      </Button>
    </div>
  );
}
