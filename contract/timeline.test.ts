import { describe, expect, it } from 'vitest';

import { actorWords, customerStepWords, staffStepWords, type TimelineFacts } from './timeline';

const step = (kind: TimelineFacts['kind'], more: Partial<TimelineFacts> = {}): TimelineFacts => ({
  kind,
  actor: 'staff',
  reason: null,
  detail: null,
  ...more,
});

describe("the timeline's words", () => {
  it('tells the customer each step without staff-only facts', () => {
    expect(customerStepWords(step('processed', { reason: 'Sourcing it' }))).toBe('Processed');
    expect(customerStepWords(step('rejected'))).toBe('Rejected');
    expect(customerStepWords(step('shipped', { detail: { carrier: 'UPS', trackingNumber: '1Z' } }))).toBe(
      'Shipped with UPS',
    );
    expect(customerStepWords(step('delivered', { detail: { note: 'Left with the porter' } }))).toBe('Delivered');
    expect(customerStepWords(step('approved', { actor: 'customer' }))).toBe('You approved the gift');
    expect(customerStepWords(step('withdrawn', { actor: 'customer' }))).toBe(
      'Proposal withdrawn when the order was edited',
    );
    expect(customerStepWords(step('withdrawn'))).toBe('We withdrew the proposal');
  });

  it('tells staff every reason, the tracking number and who acted', () => {
    expect(staffStepWords(step('processed', { reason: 'Sourcing it' }))).toBe('Moved to processed: Sourcing it');
    expect(staffStepWords(step('withdrawn', { actor: 'customer' }))).toBe(
      'Proposal withdrawn: the customer edited the order',
    );
    expect(staffStepWords(step('withdrawn'))).toBe('Proposal withdrawn: staff moved the order on');
    expect(staffStepWords(step('shipped', { detail: { carrier: 'UPS', trackingNumber: '1Z' } }))).toBe(
      'Shipped with UPS (1Z)',
    );
    expect(actorWords('staff', 'boss@example.com')).toBe('boss@example.com');
    expect(actorWords('staff', null)).toBe('a removed admin');
    expect(actorWords('customer', 'boss@example.com')).toBe('the customer');
    expect(actorWords('system', null)).toBe('automatically');
  });

  it('still says what happened when a step lacks its detail', () => {
    expect(customerStepWords(step('proposed', { detail: { title: 'Mug' } }))).toBe('Gift proposed');
    expect(customerStepWords(step('shipped'))).toBe('Shipped');
    expect(customerStepWords(step('rated', { actor: 'customer' }))).toBe('You said: how it went');
    expect(staffStepWords(step('rated', { actor: 'customer' }))).toBe('Rated: no rating');
  });
});
