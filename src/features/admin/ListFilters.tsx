import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';

import type { OrderSort } from '#contract/admin';
import { ORDER_SEARCH_MAX } from '#contract/limits';
import type { OrderQuery } from '@/api/admin';

import { isFiltered, SORT_LABELS } from './listQuery';

interface Props {
  query: OrderQuery;
  /** A new search, range or sort: the page puts it in the address, which loads the list again. */
  onChange: (query: OrderQuery) => void;
}

/**
 * The search box (a word anywhere in a recipient's or customer's name or email, or an order id), the delivery-date
 * range and the sort. Typing changes nothing until Search (or Enter); the sort applies at once.
 */
export function ListFilters({ query, onChange }: Props) {
  const [draft, setDraft] = useState({ search: query.search ?? '', from: query.from ?? '', to: query.to ?? '' });
  // A new address (back button, a header sort, Clear) shows its own filters.
  const [shown, setShown] = useState(query);
  if (shown !== query) {
    setShown(query);
    setDraft({ search: query.search ?? '', from: query.from ?? '', to: query.to ?? '' });
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({
      ...query,
      search: draft.search.trim() || undefined,
      from: draft.from || undefined,
      to: draft.to || undefined,
    });
  };
  const rangeBackwards = Boolean(draft.from && draft.to && draft.from > draft.to);

  return (
    <Form onSubmit={submit} role="search" aria-label="Find orders" className="mb-3">
      <Row className="g-2 align-items-start">
        <Col xs={12} lg={3}>
          <Form.Group controlId="order-search">
            <Form.Label className="small mb-1">Search orders</Form.Label>
            <Form.Control
              type="search"
              value={draft.search}
              maxLength={ORDER_SEARCH_MAX}
              placeholder="Name, email or order id"
              aria-describedby="order-search-help"
              onChange={(e) => setDraft({ ...draft, search: e.target.value })}
            />
            <Form.Text id="order-search-help">
              A word in a recipient’s or customer’s name or email, or an order id
            </Form.Text>
          </Form.Group>
        </Col>
        <Col xs={6} lg={2}>
          <Form.Group controlId="order-from">
            <Form.Label className="small mb-1">Delivery from</Form.Label>
            <Form.Control
              type="date"
              value={draft.from}
              onChange={(e) => setDraft({ ...draft, from: e.target.value })}
            />
          </Form.Group>
        </Col>
        <Col xs={6} lg={2}>
          <Form.Group controlId="order-to">
            <Form.Label className="small mb-1">Delivery to</Form.Label>
            <Form.Control
              type="date"
              value={draft.to}
              isInvalid={rangeBackwards}
              onChange={(e) => setDraft({ ...draft, to: e.target.value })}
            />
            <Form.Control.Feedback type="invalid">The end is before the start</Form.Control.Feedback>
          </Form.Group>
        </Col>
        <Col xs={12} sm={6} lg={3}>
          <Form.Group controlId="order-sort">
            <Form.Label className="small mb-1">Sort by</Form.Label>
            <Form.Select
              value={query.sort ?? 'date'}
              onChange={(e) => onChange({ ...query, sort: e.target.value as OrderSort })}
            >
              {Object.entries(SORT_LABELS).map(([sort, label]) => (
                <option key={sort} value={sort}>
                  {label}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        {/* Level with the fields, under their labels' height, on a wide screen. */}
        <Col xs={12} sm={6} lg={1} className="d-flex gap-2 mt-lg-4 pt-lg-2">
          <Button type="submit" disabled={rangeBackwards}>
            Search
          </Button>
          {isFiltered(query) && (
            <Button variant="outline-secondary" onClick={() => onChange({ status: query.status, sort: query.sort })}>
              Clear
            </Button>
          )}
        </Col>
      </Row>
    </Form>
  );
}
