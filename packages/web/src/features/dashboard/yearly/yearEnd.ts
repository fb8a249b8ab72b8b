/**
 * The year-end section of the yearly dashboard: its API effect (`transaction/annual/{year}`) and its machine —
 * the year shown, the ryczałt rate to compare with (`null`: the user's own, else the assumed one), the report, and
 * loading / error states. A year without books reads as an empty report, not an error (SPEC §8: 404 is no data).
 */
import type { AnnualReport } from '@finance/ledger-core'
import { assign, fromPromise, setup } from 'xstate'
import { type ApiClient, api } from '../../../api/client.ts'
import { emptyOn404 } from '../api.ts'

export type { AnnualReport }

export interface YearEndInput {
  year: number
  flatRate: string | null
}

export const createYearEndApi = (client: ApiClient = api) => ({
  loadYearEnd: async ({ year, flatRate }: YearEndInput): Promise<AnnualReport | null> =>
    emptyOn404(
      client.get<AnnualReport>(
        `transaction/annual/${year}${flatRate === null ? '' : `?flatRate=${encodeURIComponent(flatRate)}`}`,
      ),
      null,
    ),
  /** The return's common items of the year (`PUT transaction/annual/{year}/inputs`): the year end recomputed. */
  saveInputs: (year: number, body: unknown): Promise<AnnualReport> =>
    client.put<AnnualReport>(`transaction/annual/${year}/inputs`, body),
})

/** The effects of the section; without `saveInputs` the form of the return's common items is not offered. */
export type YearEndApi = Pick<ReturnType<typeof createYearEndApi>, 'loadYearEnd'> &
  Partial<Pick<ReturnType<typeof createYearEndApi>, 'saveInputs'>>

export const yearEndActors = (impl: YearEndApi) => ({
  loadYearEnd: fromPromise<AnnualReport | null, YearEndInput>(({ input }) => impl.loadYearEnd(input)),
})

export interface YearEndContext extends YearEndInput {
  report: AnnualReport | null
  failed: boolean
}

export type YearEndEvent =
  | { type: 'YEAR'; year: number }
  | { type: 'FLAT_RATE'; flatRate: string | null }
  | { type: 'RETRY' }
  /** A fresh report (after the return's common items were saved). */
  | { type: 'REPORT'; report: AnnualReport }

export const yearEndMachine = setup({
  types: {
    context: {} as YearEndContext,
    events: {} as YearEndEvent,
    input: {} as YearEndInput,
  },
  actors: {
    loadYearEnd: fromPromise<AnnualReport | null, YearEndInput>(async () => {
      throw new Error("The 'loadYearEnd' actor is not provided")
    }),
  },
}).createMachine({
  id: 'yearEnd',
  context: ({ input }) => ({ ...input, report: null, failed: false }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadYearEnd',
        input: ({ context }) => ({ year: context.year, flatRate: context.flatRate }),
        onDone: { target: 'ready', actions: assign({ report: ({ event }) => event.output, failed: false }) },
        onError: { target: 'failed', actions: assign({ report: null, failed: true }) },
      },
    },
    ready: {},
    failed: { on: { RETRY: 'loading' } },
  },
  on: {
    YEAR: {
      guard: ({ context, event }) => context.year !== event.year,
      target: '.loading',
      actions: assign({ year: ({ event }) => event.year, report: null }),
    },
    FLAT_RATE: { target: '.loading', actions: assign({ flatRate: ({ event }) => event.flatRate }) },
    // The saved report compares at the user's own ryczałt rate: with another rate chosen, the year end is asked again.
    REPORT: [
      {
        guard: ({ context }) => context.flatRate === null,
        target: '.ready',
        actions: assign({ report: ({ event }) => event.report, failed: false }),
      },
      { target: '.loading' },
    ],
  },
})
