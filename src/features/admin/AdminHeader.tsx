import { useState } from 'react';
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

/**
 * The admin navigation: the order views, /requests, the signed-in admin's email, their account and Sign Out. Rendered by the admin layout once its loader checked the admin session.
 */
export default function AdminHeader({ email }: { email: string | null }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const [signingOut, setSigningOut] = useState(false);

  const handleSignOut = async () => {
    setSigningOut(true);
    // Revoke the session on the server; sign out locally even if that call fails.
    await adminLogout().catch((err: unknown) => console.error('Admin sign-out call failed', err));
    clearToken('admin');
    navigate('/admin');
  };

  const onOrders = pathname === '/adminorders';
  const counts = useOrderCounts();
  const view = parseView(params.get(VIEW_PARAM));

  return (
    <Navbar expand="lg" className="border-bottom bg-body-tertiary admin-area" collapseOnSelect>
      <Container>
        <Navbar.Brand as={Link} to={viewHref('new')} className="fw-semibold">
          <img src="/favicon.svg" alt="" width="28" height="28" className="me-2 align-text-bottom" />
          Giftwise <span className="text-body-secondary fw-normal">Admin</span>
        </Navbar.Brand>
        <Navbar.Toggle aria-controls="admin-nav" />
        <Navbar.Collapse id="admin-nav">
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
          <div className="d-flex flex-wrap align-items-center gap-2 py-2 py-lg-0">
            {email && (
              <span className="small text-body-secondary text-truncate admin-who" title={email}>
                {email}
              </span>
            )}
            <Link
              to="/admin/account"
              className="btn btn-sm btn-link"
              aria-current={pathname === '/admin/account' ? 'page' : undefined}
            >
              Your account
            </Link>
            <ThemeSwitch />
            <Button variant="outline-primary" size="sm" onClick={handleSignOut} disabled={signingOut}>
              {signingOut && <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />}
              Sign Out
            </Button>
          </div>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}
