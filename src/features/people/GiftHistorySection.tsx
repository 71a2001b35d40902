import { capitalise } from '#contract/orderStatus';
import type { GivenGift, Person } from '#contract/people';
import { DateInWords } from '@/components/DateInWords';
import { formatBudget } from '@/lib/money';

const newestFirst = (gifts: GivenGift[]) => [...gifts].sort((a, b) => b.date.localeCompare(a.date));

/** Every order placed for the person, newest first: its date, occasion, status and budget. */
export function GiftHistorySection({ person }: { person: Person }) {
  const gifts = newestFirst(person.gifts);
  return (
    <section aria-labelledby="gift-history" className="mb-4">
      <h2 id="gift-history" className="h5 mb-2">
        Gift history
      </h2>
      {gifts.length === 0 ? (
        <p className="text-body-secondary">No gifts ordered for {person.name} yet.</p>
      ) : (
        <ul className="list-group" aria-label={`Gifts for ${person.name}`}>
          {gifts.map((g) => (
            <li
              key={g._id}
              className="list-group-item d-flex flex-wrap justify-content-between gap-2"
              data-testid="given-gift"
            >
              <div>
                <p className="mb-0">
                  <strong>{g.occasion}</strong> · <DateInWords date={g.date} />
                </p>
                <p className="small text-body-secondary mb-0">Budget {formatBudget(g.budget, '—')}</p>
              </div>
              <span className="align-self-center badge text-bg-secondary">{capitalise(g.status)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
