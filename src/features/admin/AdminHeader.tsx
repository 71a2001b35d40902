import { type ReactNode, useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { adminLogout } from '@/api/admin';
import { verifySession } from '@/api/session';
import { PageSpinner } from '@/components/PageSpinner';
import { ThemeSwitch } from '@/components/ThemeSwitch';
import { capitalise, ORDER_STATUSES } from '#contract/orderStatus';
import { useToken } from '@/hooks/useToken';
import { clearToken } from '@/lib/storage';
import { parseView, VIEW_PARAM, viewHref } from './views';
import './admin.css';

/**
 * The admin navigation (SPEC.md §2 Admin header) and the admin area's guard: it checks the admin
 * token with the server on load and shows `children` (the page) only once the check passed. When the
 * check fails, or the token disappears (signed out in another tab), it goes to /admin; only a token
 * the server refused is removed. Rendered by AdminLayout for /adminorders and /requests.
 */
export default function AdminHeader({ children }: { children?: ReactNode }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const token = useToken('admin');
  const [verified, setVerified] = useState<{ token: string; email: string | null } | null>(null);
  const [signingOut, setSigningOut] = useState(false);

  useEffect(() => {
    if (!token) {
      navigate('/admin', { replace: true });
      return;
    }
    let live = true;
    // A token the server refused is dropped (and this effect then runs again without it); one whose
    // check got no answer is kept, so the next load can use it, but this view is left all the same.
    void verifySession('admin').then((verdict) => {
      if (!live) return;
      if (verdict.state === 'valid') setVerified({ token, email: verdict.email });
      else navigate('/admin', { replace: true });
    });
    return () => {
      live = false;
    };
  }, [token, navigate]);

  const handleSignOut = async () => {
    setSigningOut(true);
    // Revoke the session on the server; sign out locally even if that call fails.
    await adminLogout().catch((err: unknown) => console.error('Admin sign-out call failed', err));
    clearToken('admin');
    navigate('/admin');
  };

  const ready = verified !== null && verified.token === token;
  const onOrders = pathname === '/adminorders';
  const view = parseView(params.get(VIEW_PARAM));

  return (
    <>
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
              {ready && verified.email && (
                <span className="small text-body-secondary text-truncate admin-who" title={verified.email}>
                  {verified.email}
                </span>
              )}
              <ThemeSwitch />
              <Button variant="outline-primary" size="sm" onClick={handleSignOut} disabled={signingOut}>
                {signingOut && <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />}
                Sign Out
              </Button>
            </div>
          </Navbar.Collapse>
        </Container>
      </Navbar>
      {ready ? (
        children
      ) : (
        <div className="flex-grow-1">
          <PageSpinner label="Checking your admin session…" />
        </div>
      )}
    </>
  );
}
