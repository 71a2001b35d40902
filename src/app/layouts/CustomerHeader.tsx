import { useEffect, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';

import { onSessionVerdict, signOut, verifySession } from '@/api/session';
import { ThemeSwitch } from '@/components/ThemeSwitch';
import { useToken } from '@/hooks/useToken';
import { clearToken, getToken } from '@/lib/storage';

/**
 * The public header (docs/screens.md, "Frame"). On load it checks the session: a token the server refuses is dropped;
 * when the check gets no answer the header shows the signed-out links for this view but keeps the
 * token, so the next page load can still use it, and shows the signed-in links again once a later check passes.
 */
export function CustomerHeader() {
  const token = useToken('customer');
  const navigate = useNavigate();
  // Controlled so that SignOut (a button, not a link) also closes the phone menu.
  const [expanded, setExpanded] = useState(false);

  // The token whose check got no answer: a token stored later (a new sign-in) counts again.
  const [unverified, setUnverified] = useState<string | null>(null);
  const signedIn = token !== null && token !== unverified;

  useEffect(() => {
    const checked = getToken('customer');
    if (!checked) return;
    let live = true;
    void verifySession('customer').then((verdict) => {
      if (live && verdict.state === 'unreachable') setUnverified(checked);
    });
    return () => {
      live = false;
    };
  }, []);

  // A later check that passes (a page's, after Retry) shows the signed-in links again.
  useEffect(
    () =>
      onSessionVerdict((kind, verdict) => {
        if (kind === 'customer' && verdict.state === 'valid') setUnverified(null);
      }),
    [],
  );

  const handleSignOut = async () => {
    setExpanded(false);
    // Revoke the session on the server too; sign out locally even if that call fails.
    await signOut().catch((err: unknown) => console.error('Sign-out call failed', err));
    clearToken('customer');
    navigate('/signin');
  };

  const close = () => setExpanded(false);
  const link = (to: string, label: string, end = false) => (
    <NavLink className="nav-link" to={to} end={end} onClick={close}>
      {label}
    </NavLink>
  );

  // Bootstrap's navbar markup with a few lines of state, not react-bootstrap's Navbar: that component brings
  // transition and offcanvas code into the first download of every page.
  return (
    <nav className="navbar navbar-expand-lg border-bottom bg-body-tertiary" aria-label="Main">
      <div className="container">
        <Link to="/" className="navbar-brand fw-semibold" onClick={close}>
          <img src="/favicon.svg" alt="" width="28" height="28" className="me-2 align-text-bottom" />
          Giftwise
        </Link>
        <button
          type="button"
          className={`navbar-toggler${expanded ? '' : ' collapsed'}`}
          aria-controls="customer-nav"
          aria-expanded={expanded}
          aria-label="Toggle navigation"
          onClick={() => setExpanded(!expanded)}
        >
          <span className="navbar-toggler-icon" />
        </button>
        <div id="customer-nav" className={`navbar-collapse collapse${expanded ? ' show' : ''}`}>
          <div className="navbar-nav me-auto">
            {link('/', 'Home', true)}
            {link('/how-it-works', 'How It Works')}
            {link('/about', 'About')}
            {link('/contact', 'Contact')}
          </div>
          <div className="navbar-nav align-items-lg-center gap-lg-2">
            {signedIn ? (
              <>
                {link('/orders', 'Orders')}
                {link('/people', 'People & dates')}
                {link('/profile', 'Profile')}
                <button type="button" className="btn btn-outline-primary btn-sm" onClick={handleSignOut}>
                  SignOut
                </button>
              </>
            ) : (
              <>
                {link('/signin', 'Sign In')}
                {link('/signup', 'Sign Up')}
              </>
            )}
            <div className="py-2 py-lg-0">
              <ThemeSwitch />
            </div>
          </div>
        </div>
      </div>
    </nav>
  );
}
