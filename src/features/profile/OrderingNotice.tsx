import { missingFieldsNotice, type OrderingField } from '#contract/orderingProfile';

/**
 * Which saved fields ordering still needs ("To place orders, add: Address, Phone."), or nothing once
 * the profile is complete. A polite live region, so a save that shortens or clears the list is heard.
 */
export function OrderingNotice({ missing }: { missing: readonly OrderingField[] }) {
  return (
    <div aria-live="polite">
      {missing.length > 0 && <p className="alert alert-warning mb-4">{missingFieldsNotice(missing)}</p>}
    </div>
  );
}
