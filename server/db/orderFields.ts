import { sql, type ExpressionBuilder } from 'kysely';

import type { Database } from './schema';

/**
 * An order as the API shows it (the contract's Order: these names, in this order), read from its gift_orders
 * row: the fields the trigger that keeps api_json writes for getgifts (migration 6), which
 * tests/api/orderFields.test.ts holds this list to. Id and date as text, as the API carries them.
 */
export function orderFields(eb: ExpressionBuilder<Database, 'gift_orders'>) {
  return [
    sql<string>`${eb.ref('gift_orders.id')}::text`.as('_id'),
    'gift_orders.recipient_name as recipientName',
    'gift_orders.relationship',
    'gift_orders.occasion',
    'gift_orders.gender',
    'gift_orders.address',
    'gift_orders.phone_number as phoneNumber',
    'gift_orders.email',
    'gift_orders.interests',
    'gift_orders.budget',
    'gift_orders.default_option as defaultOption',
    'gift_orders.comments',
    sql<string>`${eb.ref('gift_orders.date')}::text`.as('date'),
    'gift_orders.status',
    'gift_orders.country_code as countryCode',
  ] as const;
}
