import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { toDateKey } from './orderHelpers';
import { OrdersCalendar } from './OrdersCalendar';

/** The calendar with the page's part: a picked day is the selected one. */
function Picking({ initial = null }: { initial?: string | null }) {
  const [selected, setSelected] = useState<string | null>(initial);
  return (
    <>
      <button type="button">Before</button>
      <OrdersCalendar byDate={new Map()} selectedDate={selected} onSelectDay={setSelected} />
      <p data-testid="picked">{selected ?? 'none'}</p>
      <button type="button">After</button>
    </>
  );
}

const label = (date: Date) => date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
/** The day tile of `date` (its name starts with the day in words). */
const tile = (date: Date) => screen.getByRole('button', { name: new RegExp(`^${label(date)}`) });
const dayTiles = () => [...document.querySelectorAll<HTMLButtonElement>('.react-calendar__month-view__days__day')];
const tabStops = () => dayTiles().filter((t) => t.tabIndex === 0);
const shown = () => screen.getByRole('button', { name: 'Choose month and year' }).textContent;
const monthYear = (date: Date) => date.toLocaleDateString('en-US', { month: 'long', year: 'numeric' });

const today = () => {
  const d = new Date();
  return new Date(d.getFullYear(), d.getMonth(), d.getDate());
};
const plusDays = (date: Date, n: number) => new Date(date.getFullYear(), date.getMonth(), date.getDate() + n);

describe('the orders calendar and the keyboard', () => {
  it('is one Tab stop, on today when no day is picked', async () => {
    const user = userEvent.setup();
    render(<Picking />);
    expect(tabStops()).toEqual([tile(today())]);
    screen.getByRole('button', { name: 'Next month' }).focus();
    await user.tab();
    expect(tile(today())).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(tile(today())).toHaveFocus();
  });

  it('moves by day, week, week start and end, and month with the keys, and the view follows', async () => {
    const user = userEvent.setup();
    // The 15th of a month: the arrows stay in it, PageDown and PageUp leave it.
    const start = new Date(2031, 4, 15); // Thursday 15 May 2031
    render(<Picking initial={toDateKey(start)} />);
    expect(tabStops()).toEqual([tile(start)]);
    tile(start).focus();

    const steps: [string, Date][] = [
      ['{ArrowRight}', new Date(2031, 4, 16)],
      ['{ArrowLeft}', new Date(2031, 4, 15)],
      ['{ArrowDown}', new Date(2031, 4, 22)],
      ['{ArrowUp}', new Date(2031, 4, 15)],
      ['{Home}', new Date(2031, 4, 11)], // Sunday: the week's start in the US calendar shown
      ['{End}', new Date(2031, 4, 17)], // Saturday
      ['{PageDown}', new Date(2031, 5, 17)],
      ['{PageUp}', new Date(2031, 4, 17)],
      ['{PageUp}', new Date(2031, 3, 17)],
    ];
    for (const [key, expected] of steps) {
      await user.keyboard(key);
      expect(tile(expected), `${key} → ${label(expected)}`).toHaveFocus();
      expect(tabStops(), key).toEqual([tile(expected)]);
      expect(shown(), key).toBe(monthYear(expected));
    }
    // Nothing was picked by moving.
    expect(screen.getByTestId('picked')).toHaveTextContent(toDateKey(start));
  });

  it('crosses a month boundary with the arrows, and clamps PageDown to the last day of a shorter month', async () => {
    const user = userEvent.setup();
    const start = new Date(2031, 0, 31); // Friday 31 January 2031
    render(<Picking initial={toDateKey(start)} />);
    tile(start).focus();
    await user.keyboard('{ArrowRight}');
    expect(tile(new Date(2031, 1, 1))).toHaveFocus();
    expect(shown()).toBe('February 2031');
    await user.keyboard('{ArrowLeft}');
    expect(tile(start)).toHaveFocus();
    expect(shown()).toBe('January 2031');
    await user.keyboard('{PageDown}');
    expect(tile(new Date(2031, 1, 28))).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(tile(new Date(2031, 1, 21))).toHaveFocus();
  });

  it('picks the focused day with Enter or Space, as a click does', async () => {
    const user = userEvent.setup();
    render(<Picking />);
    tile(today()).focus();
    await user.keyboard('{ArrowRight}{Enter}');
    expect(screen.getByTestId('picked')).toHaveTextContent(toDateKey(plusDays(today(), 1)));
    await user.keyboard('{ArrowDown} ');
    expect(screen.getByTestId('picked')).toHaveTextContent(toDateKey(plusDays(today(), 8)));
    // The picked day keeps the Tab stop.
    expect(tabStops()).toEqual([tile(plusDays(today(), 8))]);
  });

  it('keeps one Tab stop in a month shown with the buttons', async () => {
    const user = userEvent.setup();
    render(<Picking initial="2031-01-31" />);
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(shown()).toBe('February 2031');
    expect(tabStops()).toHaveLength(1);
    await user.tab();
    expect(tabStops()[0]).toHaveFocus();
    expect(tabStops()[0]).toBe(tile(new Date(2031, 1, 28)));
  });
});
