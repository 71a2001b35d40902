/**
 * Budgets are dollars entered as text ("50", "$49.99"): shown with one dollar sign whichever way
 * they were typed. A blank budget (only older rows can have one: the contract refuses it) shows
 * `blank`: 'N/A' on the staff screens; the customer's order card has always shown a bare '$'.
 */
export function formatBudget(budget: string, blank = 'N/A'): string {
  const amount = budget.trim();
  if (amount === '') return blank;
  return amount.startsWith('$') ? amount : `$${amount}`;
}
