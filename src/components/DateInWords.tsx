import type { DateWordsOptions } from '#contract/dateWords';
import { dateInWords } from '@/lib/dateWords';

type Props = { date: string; className?: string } & Omit<DateWordsOptions, 'locale'>;

/** A date in words in the customer's locale ("Fri, Dec 18"), the date itself kept machine-readable in <time>. */
export function DateInWords({ date, className, ...options }: Props) {
  return (
    <time dateTime={date} className={className}>
      {dateInWords(date, options)}
    </time>
  );
}
