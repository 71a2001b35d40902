import { Link } from 'react-router-dom';

/** For a new account: after the details ordering needs, the first dates to remember. */
export function GettingStarted() {
  return (
    <p className="alert alert-info mb-4">
      Welcome to Giftwise. Once your details and card are saved you can order gifts. Then add the people you buy for and
      their dates on <Link to="/occasions">People &amp; dates</Link>: we will remind you ahead of each one.
    </p>
  );
}
