/**
 * The yearly dashboard's state: the year shown, its monthly and increasing (cumulative) summary lists and the
 * month opened in the popup. An error empties the bars (SPEC §8). API effects are provided actors.
 */
import { assign, emit, fromPromise, setup } from 'xstate'
import type { SummaryRow } from '../types.ts'

export type ChartKind = 'monthly' | 'increasing'

export interface YearData {
  monthly: SummaryRow[]
  increasing: SummaryRow[]
}

export interface YearlyContext extends YearData {
  year: number
  currentYear: number
  selected: { chart: ChartKind; month: number } | null
  failed: boolean
}

export type YearlyEvent =
  | { type: 'PREV' }
  | { type: 'NEXT' }
  | { type: 'THIS_YEAR' }
  | { type: 'REFRESH' }
  | { type: 'SELECT_MONTH'; chart: ChartKind; month: number }
  | { type: 'CLOSE_MONTH' }

export const yearlyMachine = setup({
  types: {
    context: {} as YearlyContext,
    events: {} as YearlyEvent,
    input: {} as { year: number },
    emitted: {} as { type: 'connectionError' },
  },
  actors: {
    loadYear: fromPromise<YearData, { year: number }>(async () => {
      throw new Error("The 'loadYear' actor is not provided")
    }),
  },
}).createMachine({
  id: 'yearlyDashboard',
  context: ({ input }) => ({
    year: input.year,
    currentYear: input.year,
    monthly: [],
    increasing: [],
    selected: null,
    failed: false,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadYear',
        input: ({ context }) => ({ year: context.year }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            monthly: event.output.monthly,
            increasing: event.output.increasing,
            failed: false,
          })),
        },
        onError: {
          target: 'failed',
          actions: [assign({ monthly: [], increasing: [], failed: true }), emit({ type: 'connectionError' })],
        },
      },
    },
    ready: {
      on: {
        SELECT_MONTH: { actions: assign({ selected: ({ event }) => ({ chart: event.chart, month: event.month }) }) },
        CLOSE_MONTH: { actions: assign({ selected: null }) },
      },
    },
    failed: {},
  },
  on: {
    PREV: { target: '.loading', actions: assign({ year: ({ context }) => context.year - 1, selected: null }) },
    NEXT: { target: '.loading', actions: assign({ year: ({ context }) => context.year + 1, selected: null }) },
    THIS_YEAR: { target: '.loading', actions: assign({ year: ({ context }) => context.currentYear, selected: null }) },
    REFRESH: { target: '.loading', actions: assign({ selected: null }) },
  },
})
