/*
 * The addresses of the reads the orders route sends before its screen's code has arrived (ordersGate): they live
 * here, apart from gifts.ts and occasions.ts, because a module shared with a screen's chunk goes into the first
 * download whole.
 */
export const GETGIFTS_PATH = '/api/gifts/getgifts';
export const upcomingPath = (days: number) => `/api/occasions/upcoming?days=${days}`;
