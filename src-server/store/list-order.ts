// The list endpoint's order. The spec leaves both the order of a list and which 100 of its
// matches come back "not shown", so clients must not depend on either; these orders let our
// service play services that choose differently (`--list-order`, `createApp({listOrder})`).

export const LIST_ORDERS = ['due', 'created', 'created-desc', 'updated-desc', 'random'] as const
/**
 * - `due` (default): by due date, tasks without one first, then creation;
 * - `created`: creation order, oldest first; `created-desc`: newest first;
 * - `updated-desc`: last updated first, ties newest created first;
 * - `random`: a random 100 of the matches, drawn anew on every request, in no set order.
 */
export type ListOrder = (typeof LIST_ORDERS)[number]

export const DEFAULT_LIST_ORDER: ListOrder = 'due'

export function isListOrder(value: unknown): value is ListOrder {
  return (LIST_ORDERS as readonly unknown[]).includes(value)
}

export interface OrderPlan {
  /** ORDER BY of the page query over `tasks t`: which matches make the page. */
  pick: string
  /** Column of `tasks` the page rows carry to be put in order again after the join. */
  key: 'due_date' | 'updated_at' | 'seq'
  /** 1: key then seq ascending; -1: both descending; 0: no order (the rows as picked). */
  direction: 1 | -1 | 0
  /** An index holds this order (a page can be read by walking it, without sorting). */
  indexed: boolean
}

// Timestamps are stored canonical (UTC, milliseconds, 'Z'), so string order is time order; seq
// is creation order. `due` is the order the board's indexes hold, so it reads no more than a page
// of index entries; the others read every match's index entry (random and updated-desc: row) and
// keep the best 100 in SQLite's bounded sorter.
const PLANS: Record<ListOrder, OrderPlan> = {
  due: { pick: 't.due_date, t.seq', key: 'due_date', direction: 1, indexed: true },
  created: { pick: 't.seq', key: 'seq', direction: 1, indexed: true },
  'created-desc': { pick: 't.seq DESC', key: 'seq', direction: -1, indexed: true },
  'updated-desc': {
    pick: 't.updated_at DESC, t.seq DESC',
    key: 'updated_at',
    direction: -1,
    indexed: false,
  },
  random: { pick: 'random()', key: 'seq', direction: 0, indexed: false },
}

export function orderPlan(order: ListOrder): OrderPlan {
  return PLANS[order]
}
