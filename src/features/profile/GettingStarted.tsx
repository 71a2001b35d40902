import { Link } from 'react-router-dom';

/**
 * For a new account: the people come first (People & dates needs no card), and the card only when it is time to
 * order a gift.
 */
export function GettingStarted() {
  return (
    <div className="alert alert-info mb-4">
      <p className="mb-2">Welcome to Giftwise. Two steps to get started:</p>
      <ol className="mb-0 ps-3">
        <li>
          <Link to="/people">Add the people you buy for</Link> and their dates: we will remind you ahead of each one.
        </li>
        <li>Save your details and card below when you want to order a gift. The card is needed only to order.</li>
      </ol>
    </div>
  );
}
