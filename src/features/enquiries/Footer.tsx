import './Footer.css';

import { Component, lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

import type { EnquiryType } from '#contract/enquiries';
import { SocialLinks } from '@/components/SocialLinks';
import { isChunkLoadError, loadChunk } from '@/lib/chunks';
import { describeError } from '@/lib/errors';
import { CONTACT_EMAIL } from '@/lib/site';

import { OPENERS } from './kinds';

// The dialog (react-bootstrap Modal, the form, EmailJS) loads only when a visitor first reaches for
// an opener, so it costs nothing on first paint.
const importDialog = () => import('./EnquiryDialog');
const EnquiryDialog = lazy(() => loadChunk(importDialog));
const prefetchDialog = () => {
  importDialog().catch(() => undefined);
};

const LINKS = [
  { to: '/', label: 'Home' },
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
];

/** If the dialog's code cannot be loaded, say so in place instead of breaking the page. */
class DialogBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="alert alert-danger mt-3 mb-0" role="alert">
        <p className="fw-semibold mb-1">{describeError(error)}</p>
        {isChunkLoadError(error) && <p className="small mb-2">{error.reason}</p>}
        <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => window.location.reload()}>
          Retry
        </button>
      </div>
    );
  }
}

/**
 * The footer, on every route: links, the four enquiry openers and the social links.
 */
export default function Footer() {
  const [type, setType] = useState<EnquiryType | null>(null);
  const [show, setShow] = useState(false);

  const open = (next: EnquiryType) => {
    setType(next);
    setShow(true);
  };

  return (
    <footer className="site-footer border-top mt-auto">
      {/* Bootstrap's grid classes rather than react-bootstrap's Container/Row/Col/Alert/Button: the footer is on every
          page's first download, and those components add code for what plain classes do. */}
      <div className="container py-5">
        <div className="row g-4">
          <div className="col-lg-4">
            <Link
              to="/"
              className="d-inline-flex align-items-center gap-2 fw-semibold fs-5 text-body text-decoration-none mb-2"
            >
              <img src="/favicon.svg" alt="" width="28" height="28" />
              Giftwise
            </Link>
            <p className="text-body-secondary mb-3">
              Thoughtful gifts for the people you love, remembered, wrapped and delivered on time.
            </p>
            <SocialLinks />
          </div>
          <div className="col-6 col-lg-2">
            <nav aria-labelledby="footer-explore">
              <h2 id="footer-explore" className="site-footer-heading mb-2">
                Explore
              </h2>
              <ul className="list-unstyled mb-0">
                {LINKS.map((link) => (
                  <li key={link.to}>
                    <Link className="site-footer-link" to={link.to}>
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          </div>
          <div className="col-6 col-lg-3">
            <h2 className="site-footer-heading mb-2">Work with us</h2>
            <ul className="list-unstyled mb-0">
              {OPENERS.map((opener) => (
                <li key={opener.type}>
                  <button
                    type="button"
                    className="site-footer-link"
                    aria-haspopup="dialog"
                    onClick={() => open(opener.type)}
                    onPointerEnter={prefetchDialog}
                    onFocus={prefetchDialog}
                  >
                    {opener.label}
                  </button>
                </li>
              ))}
            </ul>
          </div>
          <div className="col-lg-3">
            <h2 className="site-footer-heading mb-2">Say hello</h2>
            <p className="text-body-secondary mb-1">
              <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
            </p>
            <p className="text-body-secondary small mb-0">We reply within 24 hours on business days.</p>
          </div>
        </div>
        <DialogBoundary>
          {type && (
            <Suspense fallback={null}>
              <EnquiryDialog type={type} show={show} onHide={() => setShow(false)} />
            </Suspense>
          )}
        </DialogBoundary>
        <p className="small text-body-secondary border-top pt-4 mt-4 mb-0">
          © {new Date().getFullYear()} Giftwise. Made with care for people who care.
        </p>
      </div>
    </footer>
  );
}
