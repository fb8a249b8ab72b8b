/**
 * The monthly dashboard's state: which month is shown, its transactions and the year's cumulative summary,
 * the 'Show' choices, the cost-summary groups, resets, deletes and the Completed/Notification flags, which save
 * at once (optimistically, one request at a time, reverted when the server refuses). Transactions are keyed by
 * their identity (`i12-2026-03`, `vat-2026-01`, …), which the server keeps across every recomputation.
 *
 * Every API effect is a provided actor (`monthlyMachine.provide({ actors })`), so tests and stories swap them.
 */
import type { LocalDateString, YearMonthString } from '@finance/ledger-core'
import { assign, emit, enqueueActions, fromPromise, raise, setup } from 'xstate'
import { monthOfDate, shiftMonth } from '../month.ts'
import type { ShowFlags, ShowSection } from '../show.ts'
import type { FlagsResult, SummaryRow, Transaction, TransactionFlags } from '../types.ts'

export type CostGroup = 'vat' | 'pit' | 'socialSecurity' | 'companyFees'
export type CostGroups = Record<CostGroup, boolean>
export type ResetScope = 'month' | 'year'
export type ItemKind = 'revenue' | 'fee'

export interface MonthData {
  transactions: Transaction[]
  summary: SummaryRow[]
}

export interface PendingFlags {
  id: string
  flags: TransactionFlags
  /** The flags before the optimistic change, restored when the save fails. */
  previous: TransactionFlags
}

export interface MonthlyContext {
  month: YearMonthString
  today: LocalDateString
  transactions: Transaction[]
  summary: SummaryRow[]
  show: ShowFlags
  cost: CostGroups
  pending: PendingFlags[]
  /** The item a delete request runs for. */
  deleting: { kind: ItemKind; itemId: number } | null
  /** `true` after a load failed with anything but 404 (SPEC §8: 'Response error, can not connect to API.'). */
  failed: boolean
  /**
   * `true` once a contributions row was marked paid or not: its paid day moves the deduction of the contributions,
   * so the month's PIT advance (and the summary) change on the server. The month is read again when the saves end.
   */
  figuresStale: boolean
}

export type MonthlyEvent =
  | { type: 'PREV' }
  | { type: 'NEXT' }
  | { type: 'TODAY'; today?: LocalDateString }
  /** Another month asked for by the address (a link, the browser's Back). */
  | { type: 'GOTO'; month: YearMonthString }
  | { type: 'REFRESH' }
  | { type: 'OPEN_RESET' }
  | { type: 'CANCEL_RESET' }
  | { type: 'RESET'; scope: ResetScope }
  | { type: 'SET_SHOW'; section: ShowSection; value: boolean }
  | { type: 'SET_COST'; group: CostGroup; value: boolean }
  | { type: 'SET_FLAGS'; id: string; flags: TransactionFlags }
  | { type: 'DELETE_ITEM'; kind: ItemKind; itemId: number }

export type MonthlyEmitted =
  | { type: 'resetDone' }
  | { type: 'connectionError' }
  | { type: 'flagsError'; error: unknown }
  | { type: 'deleteError'; error: unknown }
  | { type: 'deleted' }

export interface MonthlyInput {
  today: LocalDateString
  month?: YearMonthString
  show: ShowFlags
}

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`The '${name}' actor is not provided`)
}

const itemEventType: Record<ItemKind, string> = { revenue: '1_Revenue', fee: '2_Fee' }

/** Applies flag values (and, from the server's answer, the paid and remaining amounts) to one transaction. */
export const applyFlags = (transactions: Transaction[], id: string, flags: Partial<FlagsResult>): Transaction[] =>
  transactions.map((t) =>
    t.id === id
      ? {
          ...t,
          ...(flags.completed === undefined ? {} : { completed: flags.completed }),
          ...(flags.notification === undefined ? {} : { notification: flags.notification }),
          ...(flags.notificationCompleted === undefined ? {} : { notificationCompleted: flags.notificationCompleted }),
          ...(flags.paidAmount === undefined ? {} : { paidAmount: flags.paidAmount }),
          ...(flags.paidOn === undefined ? {} : { paidOn: flags.paidOn }),
          ...(flags.remainingAmount === undefined ? {} : { remainingAmount: flags.remainingAmount }),
        }
      : t,
  )

export const monthlyMachine = setup({
  types: {
    context: {} as MonthlyContext,
    events: {} as MonthlyEvent,
    input: {} as MonthlyInput,
    emitted: {} as MonthlyEmitted,
  },
  actors: {
    loadMonth: fromPromise<MonthData, { month: YearMonthString }>(notProvided('loadMonth')),
    reset: fromPromise<Transaction[], { scope: ResetScope; month: YearMonthString }>(notProvided('reset')),
    saveFlags: fromPromise<FlagsResult, { id: string; flags: TransactionFlags }>(notProvided('saveFlags')),
    deleteItem: fromPromise<void, { kind: ItemKind; itemId: number }>(notProvided('deleteItem')),
  },
  actions: {
    /** Remembers a 'Show' choice; the default writes local storage, tests provide their own. */
    persistShow: (_, _params: { section: ShowSection; value: boolean }) => {},
  },
  guards: {
    hasPending: ({ context }) => context.pending.length > 0,
  },
}).createMachine({
  id: 'monthlyDashboard',
  type: 'parallel',
  context: ({ input }) => ({
    month: input.month ?? monthOfDate(input.today),
    today: input.today,
    transactions: [],
    summary: [],
    show: input.show,
    cost: { vat: true, pit: true, socialSecurity: true, companyFees: true },
    pending: [],
    deleting: null,
    failed: false,
    figuresStale: false,
  }),
  on: {
    SET_SHOW: {
      actions: [
        assign({ show: ({ context, event }) => ({ ...context.show, [event.section]: event.value }) }),
        { type: 'persistShow', params: ({ event }) => ({ section: event.section, value: event.value }) },
      ],
    },
    SET_COST: { actions: assign({ cost: ({ context, event }) => ({ ...context.cost, [event.group]: event.value }) }) },
    SET_FLAGS: {
      actions: assign(({ context, event }) => {
        const current = context.transactions.find((t) => t.id === event.id)
        if (!current) return {}
        // Completing hides the notification but keeps it: should the amount grow after the payment, the remainder
        // is reminded of.
        const flags: TransactionFlags = { ...event.flags }
        const previous: TransactionFlags = {}
        if (flags.completed !== undefined) previous.completed = current.completed
        if (flags.notification !== undefined) previous.notification = current.notification
        return {
          transactions: applyFlags(context.transactions, event.id, flags),
          pending: [...context.pending, { id: event.id, flags, previous }],
        }
      }),
    },
  },
  states: {
    data: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            src: 'loadMonth',
            input: ({ context }) => ({ month: context.month }),
            onDone: {
              target: 'ready',
              actions: assign(({ event }) => ({
                transactions: event.output.transactions,
                summary: event.output.summary,
                failed: false,
              })),
            },
            onError: {
              target: 'failed',
              actions: [assign({ transactions: [], summary: [], failed: true }), emit({ type: 'connectionError' })],
            },
          },
        },
        ready: {
          on: {
            OPEN_RESET: 'resetPrompt',
            DELETE_ITEM: {
              target: 'deleting',
              actions: assign({ deleting: ({ event }) => ({ kind: event.kind, itemId: event.itemId }) }),
            },
          },
        },
        failed: {},
        resetPrompt: {
          on: {
            CANCEL_RESET: 'ready',
            RESET: 'resetting',
          },
        },
        resetting: {
          tags: ['busy'],
          invoke: {
            src: 'reset',
            input: ({ context, event }) => ({
              scope: (event as Extract<MonthlyEvent, { type: 'RESET' }>).scope,
              month: context.month,
            }),
            onDone: {
              target: 'loading',
              actions: enqueueActions(({ event, enqueue }) => {
                enqueue.assign({ transactions: event.output })
                if (Array.isArray(event.output) && event.output.length > 0) enqueue.emit({ type: 'resetDone' })
              }),
            },
            onError: {
              target: 'ready',
              actions: emit({ type: 'connectionError' }),
            },
          },
        },
        deleting: {
          tags: ['busy'],
          invoke: {
            src: 'deleteItem',
            input: ({ context }) => context.deleting ?? { kind: 'fee' as const, itemId: 0 },
            onDone: {
              target: 'ready',
              actions: [
                assign(({ context }) => {
                  const gone = context.deleting
                  return {
                    deleting: null,
                    transactions: gone
                      ? context.transactions.filter(
                          (t) => !(t.eventType === itemEventType[gone.kind] && t.dataObject.itemId === gone.itemId),
                        )
                      : context.transactions,
                  }
                }),
                emit({ type: 'deleted' }),
              ],
            },
            onError: {
              target: 'ready',
              actions: [
                assign({ deleting: null }),
                emit(({ event }) => ({ type: 'deleteError' as const, error: event.error })),
              ],
            },
          },
        },
      },
      on: {
        PREV: { target: '.loading', actions: assign({ month: ({ context }) => shiftMonth(context.month, -1) }) },
        NEXT: { target: '.loading', actions: assign({ month: ({ context }) => shiftMonth(context.month, 1) }) },
        GOTO: { target: '.loading', actions: assign({ month: ({ event }) => event.month }) },
        TODAY: {
          target: '.loading',
          actions: assign(({ context, event }) => {
            const today = event.today ?? context.today
            return { today, month: monthOfDate(today) }
          }),
        },
        REFRESH: '.loading',
      },
    },
    sync: {
      initial: 'idle',
      states: {
        idle: {
          always: [
            { guard: 'hasPending', target: 'saving' },
            {
              guard: ({ context }) => context.figuresStale,
              actions: [assign({ figuresStale: false }), raise({ type: 'REFRESH' })],
            },
          ],
        },
        saving: {
          invoke: {
            src: 'saveFlags',
            input: ({ context }) => {
              const next = context.pending[0]!
              return { id: next.id, flags: next.flags }
            },
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => {
                const saved = context.pending[0]!
                return {
                  transactions: applyFlags(context.transactions, event.output.id, event.output),
                  pending: context.pending.slice(1),
                  figuresStale:
                    context.figuresStale || (saved.id.startsWith('zus-') && saved.flags.completed !== undefined),
                }
              }),
            },
            onError: {
              target: 'idle',
              actions: [
                assign(({ context }) => {
                  const failed = context.pending[0]!
                  return {
                    transactions: applyFlags(context.transactions, failed.id, failed.previous),
                    pending: context.pending.slice(1),
                  }
                }),
                emit(({ event }) => ({ type: 'flagsError' as const, error: event.error })),
              ],
            },
          },
        },
      },
    },
  },
})
