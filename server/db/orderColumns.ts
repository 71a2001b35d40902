import type { z } from 'zod';

import { adminOrderListItem } from '#contract/admin';
import { order, orderFields, type Order } from '#contract/orders';

/**
 * The one place that says which gift_orders column holds which order field of the API. Every
 * statement that writes or reads the order fields builds its column lists from here, so adding or
 * renaming a field is one line here (plus a migration for the column, and one replacing the trigger
 * that keeps api_json, which spells the fields in SQL).
 */
export const ORDER_COLUMNS: { readonly [F in keyof Order]: string } = {
  _id: 'id',
  recipientName: 'recipient_name',
  relationship: 'relationship',
  occasion: 'occasion',
  gender: 'gender',
  address: 'address',
  phoneNumber: 'phone_number',
  email: 'email',
  interests: 'interests',
  budget: 'budget',
  defaultOption: 'default_option',
  comments: 'comments',
  date: 'date',
  status: 'status',
};

export type OrderField = keyof Order;
/** The fields a customer sets (the contract's order form), as the zod schema hands them over. */
export type WritableOrder = z.output<typeof orderFields>;
type WritableField = keyof WritableOrder;

/** Every field the API shows of an order, in the contract's order (getgifts, order details). */
export const ORDER_FIELDS = Object.keys(order.shape) as OrderField[];
/** The fields a customer writes, in the contract's order; the values of a write follow it. */
export const WRITABLE_FIELDS = Object.keys(orderFields.shape) as WritableField[];
/** The fields of a row of the admin's orders list. */
export const LIST_FIELDS = Object.keys(adminOrderListItem.shape) as OrderField[];

/** Read as text so they reach the API as written: a uuid, a YYYY-MM-DD date. */
const READ_AS_TEXT: ReadonlySet<OrderField> = new Set(['_id', 'date']);

const columnOf = (alias: string, field: OrderField) => `${alias}.${ORDER_COLUMNS[field]}`;
const valueOf = (alias: string, field: OrderField) =>
  columnOf(alias, field) + (READ_AS_TEXT.has(field) ? '::text' : '');

/** The columns of the writable fields, for an insert: `recipient_name, relationship, …`. */
export const WRITABLE_COLUMNS = WRITABLE_FIELDS.map((f) => ORDER_COLUMNS[f]).join(', ');

/** The writable fields' placeholder numbers when their values start at `$first` (see writableValues). */
export function writablePlaceholder(field: WritableField, first: number): string {
  return `$${first + WRITABLE_FIELDS.indexOf(field)}`;
}

/** `$first, $first+1, …`: one placeholder per writable field, for an insert. */
export const writablePlaceholders = (first: number): string =>
  WRITABLE_FIELDS.map((f) => writablePlaceholder(f, first)).join(', ');

/** `recipient_name = $first, …`: the SET list replacing every writable field. */
export const writableSetList = (first: number): string =>
  WRITABLE_FIELDS.map((f) => `${ORDER_COLUMNS[f]} = ${writablePlaceholder(f, first)}`).join(', ');

/** The values of an order's writable fields, in placeholder order. */
export const writableValues = (order: WritableOrder): unknown[] => WRITABLE_FIELDS.map((f) => order[f]);

/** A select list giving each field under its API name: `o.id::text as "_id", o.recipient_name as "recipientName", …`. */
export const selectOrderFields = (alias: string, fields: readonly OrderField[] = ORDER_FIELDS): string =>
  fields.map((f) => `${valueOf(alias, f)} as "${f}"`).join(', ');

/** The json_build_object arguments giving each field under its API name: `'_id', p.id::text, …`. */
export const orderJsonPairs = (alias: string, fields: readonly OrderField[]): string =>
  fields.map((f) => `'${f}', ${valueOf(alias, f)}`).join(', ');

/** The bare columns of `fields` (for a subquery the outer select reads them from). */
export const orderColumnList = (alias: string, fields: readonly OrderField[]): string =>
  fields.map((f) => columnOf(alias, f)).join(', ');

/** The API's order out of a row selected with selectOrderFields (other columns of the row are left out). */
export function orderFromRow(row: Order): Order {
  return Object.fromEntries(ORDER_FIELDS.map((f) => [f, row[f]])) as Order;
}
