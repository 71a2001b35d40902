import Container from 'react-bootstrap/Container';
import { Link } from 'react-router-dom';

import { usePageMeta } from '@/hooks/usePageMeta';

/** Unknown routes: a friendly way back instead of a dead end. */
export default function NotFoundPage() {
  usePageMeta(
    'Page not found',
    'We could not find that page. Head back to Giftwise to plan thoughtful gifts for the people you love.',
  );
  return (
    <Container className="py-5">
      <div className="mx-auto text-center py-lg-4" style={{ maxWidth: '34rem' }}>
        <svg width="160" height="140" viewBox="0 0 160 140" className="mb-4" aria-hidden="true" focusable="false">
          <circle cx="80" cy="74" r="62" style={{ fill: 'rgba(var(--bs-primary-rgb), 0.1)' }} />
          <rect x="38" y="66" width="84" height="56" rx="6" style={{ fill: 'var(--bs-primary)' }} />
          <rect
            x="32"
            y="50"
            width="96"
            height="22"
            rx="6"
            style={{ fill: 'var(--bs-primary)', opacity: 0.8 }}
            transform="rotate(-14 32 72)"
          />
          <rect x="74" y="66" width="12" height="56" style={{ fill: '#f0b43c' }} />
          <text x="80" y="104" textAnchor="middle" fontSize="22" fontWeight="700" style={{ fill: 'var(--bs-body-bg)' }}>
            ?
          </text>
        </svg>
        <p className="text-body-secondary fw-semibold mb-2">Error 404</p>
        <h1 className="h2 mb-3">This gift box is empty</h1>
        <p className="text-body-secondary mb-4">
          We looked everywhere, but there is no page at this address. It may have moved, or the link may have a typo.
          Let us get you back to something good.
        </p>
        <div className="d-flex flex-wrap justify-content-center gap-2">
          <Link className="btn btn-primary" to="/">
            Go to the home page
          </Link>
          <Link className="btn btn-outline-primary" to="/how-it-works">
            See How It Works
          </Link>
          <Link className="btn btn-outline-primary" to="/contact">
            Contact us
          </Link>
        </div>
      </div>
    </Container>
  );
}
