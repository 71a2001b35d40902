import { useEffect, useState } from 'react';

import type { SuccessOf } from '#contract/api';
import { dayInWords } from '#contract/dateWords';
import type { DefaultOption } from '#contract/giftOptions';
import { earliestDelivery, earliestDeliveryText } from '#contract/leadTimes';
import { getLeadTimes } from '@/api/orders';

/** The lead times and the customer's today, as GET /api/gifts/lead-times answers them. */
export type LeadTimes = Pick<SuccessOf<'getLeadTimes'>, 'today' | 'leadDays'>;

/** What the date field offers and says: its first day, and why (or why the chosen day is too soon). */
export interface DateRule {
  min?: string;
  help?: string;
  /** The chosen date is before the earliest delivery date. */
  tooSoon: boolean;
}

/**
 * The order form's date rule for the chosen option: no day before its earliest delivery date, and a sentence saying
 * why ("Flowers need 2 days: the earliest delivery is Saturday 28 November"), the server's own rule
 * (contract/leadTimes.ts). `kept`: an edited order's stored date and option, which may stay together as they are,
 * however soon (an order placed before the rule keeps its date). `fallbackMin`: the first day while the lead times
 * are not known.
 */
export function dateRule(
  values: { date: string; defaultOption: DefaultOption },
  leadTimes: LeadTimes | null,
  { kept, fallbackMin }: { kept?: { date: string; defaultOption: DefaultOption }; fallbackMin?: string } = {},
): DateRule {
  if (!leadTimes) return { min: fallbackMin, tooSoon: false };
  if (kept && values.date === kept.date && values.defaultOption === kept.defaultOption) return { tooSoon: false };
  const earliest = earliestDelivery(leadTimes.today, values.defaultOption, leadTimes.leadDays);
  const why = earliestDeliveryText(values.defaultOption, leadTimes.leadDays, earliest);
  const tooSoon = values.date !== '' && values.date < earliest;
  return {
    min: earliest,
    help: tooSoon ? `${dayInWords(values.date)} is too soon. ${why}.` : `${why}.`,
    tooSoon,
  };
}

/**
 * The lead times, read once each time the dialog opens (`show`); null until they arrive, or when they could not be
 * read (the form then offers days from today, and the server still refuses a day too soon).
 */
export function useLeadTimes(show: boolean): LeadTimes | null {
  const [leadTimes, setLeadTimes] = useState<LeadTimes | null>(null);
  useEffect(() => {
    if (!show) return;
    let current = true;
    getLeadTimes().then(
      (answer) => {
        if (!current) return;
        if (answer.success) setLeadTimes({ today: answer.today, leadDays: answer.leadDays });
        else console.error('Loading lead times failed', answer.error);
      },
      (err: unknown) => console.error('Loading lead times failed', err),
    );
    return () => {
      current = false;
    };
  }, [show]);
  return leadTimes;
}
