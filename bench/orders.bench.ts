import { chromium } from '@playwright/test';

import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/chromium';
import { THIS_BUILD, type Build } from './builds';
import { apiCall, customerThroughApi, load, loadTable, startServer, type BenchSection } from './lib';

export const comparesBuilds = true;

/**
 * Gift orders at 1,000 orders for one customer:
 * - GET /api/gifts/getgifts under autocannon (50 connections), as a ratio to GET /bench/hello of the same server;
 * - the time for /orders to show all 1,000 cards in Chromium.
 */
const ORDERS = 1000;
const SMALL_LIST = 10;
const SEED_CONCURRENCY = 10;
const BROWSER_RUNS = 3;
const PORT = 3903;
/** The goal for navigation start → the last card in the DOM. */
const ALL_CARDS_GOAL_MS = 500;
const OCCASIONS = ['Birthday', 'Anniversary', 'Christmas', 'Graduation'];

function utcDate(daysAhead: number): string {
  return new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
}

/** A customer with a complete profile and `orders` orders, placed through the real API. */
async function seed(base: string, orders: number): Promise<{ token: string; seedMs: number }> {
  const started = performance.now();
  const token = await customerThroughApi(base, 'Bench Customer', `bench.orders.${Date.now()}@example.com`);
  let next = 0;
  const worker = async () => {
    while (next < orders) {
      const i = next++;
      await apiCall(
        `${base}/api/gifts/addgift`,
        {
          recipientName: `Recipient ${i + 1}`,
          relationship: 'Friend',
          occasion: OCCASIONS[i % OCCASIONS.length],
          gender: 'Other',
          address: `${i + 1} Long Road, Springfield`,
          phoneNumber: '5559876543',
          email: `recipient${i + 1}@example.com`,
          interests: 'Electronics, PersonalizedItem',
          budget: String(20 + (i % 80)),
          defaultOption: 'Flowers',
          comments: 'Wrap it in something bright, please.',
          // Past flowers' lead time (LEAD_DAYS_FLOWERS, 2) in any time zone.
          date: utcDate(3 + (i % 365)),
        },
        token,
      );
    }
  };
  await Promise.all(Array.from({ length: SEED_CONCURRENCY }, worker));
  return { token, seedMs: performance.now() - started };
}

interface PageTiming {
  /** Navigation start → the last of the 1,000 cards is in the DOM. */
  allCards: number;
  /** Navigation start → the first frame with all cards has been laid out and painted. */
  painted: number;
  /** Navigation start → the getgifts answer has fully arrived (the rest is rendering). */
  listReceived: number;
}

/** Per fresh page load of a customer with `cards` orders: when the list arrived, and when every card was in the page. */
async function timeToAllCards(base: string, token: string, cards: number): Promise<PageTiming[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const times: PageTiming[] = [];
  try {
    // A first load, not counted, warms the server (its plan caches, the files' pages); every load has a new
    // browser context, so an empty HTTP cache, as on a customer's first visit of the day.
    for (let run = 0; run <= BROWSER_RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.addInitScript((t) => localStorage.setItem('authtoken', t), token);
      // Notes, inside the page, when the cards are all in the DOM and when that frame has been painted.
      await context.addInitScript((n) => {
        const w = window as unknown as { cardsShown?: { inDom: number; painted: number } };
        const observer = new MutationObserver(() => {
          if (document.querySelectorAll('[data-testid="order-card"]').length < n) return;
          observer.disconnect();
          const inDom = performance.now();
          requestAnimationFrame(() => setTimeout(() => (w.cardsShown = { inDom, painted: performance.now() }), 0));
        });
        document.addEventListener('DOMContentLoaded', () =>
          observer.observe(document.body, { childList: true, subtree: true }),
        );
      }, cards);
      const page = await context.newPage();
      await page.goto(`${base}/orders`);
      const handle = await page.waitForFunction(
        () => (window as unknown as { cardsShown?: unknown }).cardsShown,
        undefined,
        {
          timeout: 60_000,
        },
      );
      const { inDom: allCards, painted } = (await handle.jsonValue()) as { inDom: number; painted: number };
      const listReceived = await page.evaluate(
        () =>
          (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) =>
            e.name.endsWith('/api/gifts/getgifts'),
          )?.responseEnd ?? NaN,
      );
      if (run > 0) times.push({ allCards, painted, listReceived });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return times;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Needs `npm run build` first (the baseline of a comparison is built by bench/run.ts). */
export default async function ordersBench(build: Build = THIS_BUILD): Promise<BenchSection> {
  const server = await startServer({}, PORT, build);
  try {
    const { token, seedMs } = await seed(server.url, ORDERS);
    // A second customer with a short list shows what a call and the screen cost apart from the list's size.
    const small = await seed(server.url, SMALL_LIST);
    // The browser first, on a quiet server: after autocannon it may still be answering queued requests.
    const timings = await timeToAllCards(server.url, token, ORDERS);
    const smallTimings = await timeToAllCards(server.url, small.token, SMALL_LIST);
    const list = await fetch(`${server.url}/api/gifts/getgifts`, { headers: { 'auth-token': token } });
    const body = await list.text();
    const count = (JSON.parse(body) as unknown[]).length;
    if (count !== ORDERS) throw new Error(`getgifts answered ${count} orders, expected ${ORDERS}`);

    const hello = await load('GET /bench/hello (baseline)', { url: `${server.url}/bench/hello` });
    const gifts = await load(`GET /api/gifts/getgifts (${ORDERS} orders, ${Math.round(body.length / 1024)} kB)`, {
      url: `${server.url}/api/gifts/getgifts`,
      headers: { 'auth-token': token },
    });
    const smallList = await load(`GET /api/gifts/getgifts (${SMALL_LIST} orders)`, {
      url: `${server.url}/api/gifts/getgifts`,
      headers: { 'auth-token': small.token },
    });
    const browserTimes = timings.map((t) => t.allCards);
    const listTimes = timings.map((t) => t.listReceived);
    const paintTimes = timings.map((t) => t.painted);
    const smallTimes = smallTimings.map((t) => t.allCards);

    const markdown = [
      `One customer with ${ORDERS} orders, seeded through POST /api/gifts/addgift (${SEED_CONCURRENCY} at a time) in ${(seedMs / 1000).toFixed(1)} s.`,
      'autocannon, 50 connections, 10 s each, same server and run:',
      '',
      loadTable([hello, smallList, gifts], hello),
      '',
      `At ${ORDERS} orders getgifts serves 1 request for every ${Math.round(hello.requestsPerSec / gifts.requestsPerSec)} hello-world requests ` +
        `(${((100 * gifts.requestsPerSec) / hello.requestsPerSec).toFixed(2)} %), moving ${((gifts.requestsPerSec * body.length) / 2 ** 20).toFixed(0)} MiB/s of JSON; ` +
        `with ${SMALL_LIST} orders, 1 for every ${Math.round(hello.requestsPerSec / smallList.requestsPerSec)}.`,
      '',
      `/orders showing all ${ORDERS} cards in Chromium (navigation start → last card in the DOM, a new browser context each load, ` +
        `${BROWSER_RUNS} loads): median ${Math.round(median(browserTimes))} ms (${browserTimes.map((t) => Math.round(t)).join(', ')} ms; ` +
        `goal < ${ALL_CARDS_GOAL_MS} ms: ${median(browserTimes) < ALL_CARDS_GOAL_MS ? 'met' : 'not met'}); ` +
        `the list itself had arrived at a median ${Math.round(median(listTimes))} ms (the rest is rendering), ` +
        `and the frame showing them was painted at a median ${Math.round(median(paintTimes))} ms. ` +
        `The same screen with ${SMALL_LIST} orders showed them all at a median ${Math.round(median(smallTimes))} ms ` +
        `(${smallTimes.map((t) => Math.round(t)).join(', ')} ms): what the screen costs on this machine apart from the list's size.`,
    ].join('\n');
    return {
      title: 'Gift orders (1,000 orders for one customer)',
      markdown,
      headlines: [
        {
          figure: `/orders with ${ORDERS} orders: navigation → last card in the DOM, median of ${BROWSER_RUNS}`,
          shown: `${Math.round(median(browserTimes))} ms`,
          goal: `< ${ALL_CARDS_GOAL_MS} ms`,
          met: median(browserTimes) < ALL_CARDS_GOAL_MS,
        },
      ],
      data: {
        orders: ORDERS,
        seedMs,
        responseBytes: body.length,
        hello,
        getgiftsSmall: smallList,
        getgifts: gifts,
        browserMs: browserTimes,
        browserMedianMs: median(browserTimes),
        browserGoalMs: ALL_CARDS_GOAL_MS,
        listReceivedMs: listTimes,
        paintedMs: paintTimes,
        smallListBrowserMs: smallTimes,
      },
    };
  } finally {
    await server.stop();
  }
}
