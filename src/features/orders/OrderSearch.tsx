interface Props {
  query: string;
  onChange: (query: string) => void;
}

/** The search by recipient: a labelled box that filters the list as the customer types. */
export function OrderSearch({ query, onChange }: Props) {
  return (
    <div className="order-search">
      <label htmlFor="order-search" className="form-label small mb-1">
        Search by recipient
      </label>
      <input
        id="order-search"
        type="search"
        className="form-control form-control-sm"
        placeholder="A name, e.g. Maya"
        autoComplete="off"
        spellCheck={false}
        value={query}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
