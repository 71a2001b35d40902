import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import { Link, NavLink, useNavigate } from 'react-router-dom';

import { signOut } from '@/api/auth';
import { verifySession } from '@/api/session';
import { ThemeSwitch } from '@/components/ThemeSwitch';
import { useToken } from '@/hooks/useToken';
import { clearToken, getToken } from '@/lib/storage';

/**
 * The public header (docs/screens.md, "Frame"). On load it checks the session: a token the server refuses is dropped;
 * when the check gets no answer the header shows the signed-out links for this view but keeps the
 * token, so the next page load can still use it.
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

  const handleSignOut = async () => {
    setExpanded(false);
    // Revoke the session on the server too; sign out locally even if that call fails.
    await signOut().catch((err: unknown) => console.error('Sign-out call failed', err));
    clearToken('customer');
    navigate('/signin');
  };

  return (
    <Navbar
      expand="lg"
      className="border-bottom bg-body-tertiary"
      collapseOnSelect
      expanded={expanded}
      onToggle={setExpanded}
    >
      <Container>
        <Navbar.Brand as={Link} to="/" className="fw-semibold">
          <img src="/favicon.svg" alt="" width="28" height="28" className="me-2 align-text-bottom" />
          Giftwise
        </Navbar.Brand>
        <Navbar.Toggle aria-controls="customer-nav" />
        <Navbar.Collapse id="customer-nav">
          <Nav className="me-auto">
            <Nav.Link as={NavLink} to="/" end eventKey="/">
              Home
            </Nav.Link>
            <Nav.Link as={NavLink} to="/how-it-works" eventKey="/how-it-works">
              How It Works
            </Nav.Link>
            <Nav.Link as={NavLink} to="/about" eventKey="/about">
              About
            </Nav.Link>
            <Nav.Link as={NavLink} to="/contact" eventKey="/contact">
              Contact
            </Nav.Link>
          </Nav>
          <Nav className="align-items-lg-center gap-lg-2">
            {signedIn ? (
              <>
                <Nav.Link as={NavLink} to="/orders" eventKey="/orders">
                  Orders
                </Nav.Link>
                <Nav.Link as={NavLink} to="/occasions" eventKey="/occasions">
                  People &amp; dates
                </Nav.Link>
                <Nav.Link as={NavLink} to="/profile" eventKey="/profile">
                  Profile
                </Nav.Link>
                <Button variant="outline-primary" size="sm" onClick={handleSignOut}>
                  SignOut
                </Button>
              </>
            ) : (
              <>
                <Nav.Link as={NavLink} to="/signin" eventKey="/signin">
                  Sign In
                </Nav.Link>
                <Nav.Link as={NavLink} to="/signup" eventKey="/signup">
                  Sign Up
                </Nav.Link>
              </>
            )}
            <div className="py-2 py-lg-0">
              <ThemeSwitch />
            </div>
          </Nav>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}
