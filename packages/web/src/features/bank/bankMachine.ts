/**
 * The bank screen's state: the books' bank data (loaded, then reloaded after every change), files imported one by
 * one (progress: done of total, a report line per file), and one action at a time on a line or a rule. Effects are
 * provided actors, so stories and tests swap them. The files of the last import are kept, so one refused for want of
 * its account (a PKO BP CSV export) is imported again with the account the user chose.
 */
import { assign, emit, fromPromise, setup } from 'xstate'
import type { BankAction, BankData, BankFileResult, PickedFile } from './types.ts'

export interface BankContext {
  data: BankData | null
  pending: PickedFile[]
  total: number
  results: BankFileResult[]
  /** The files are imported as a preview: the books say what they would add, match and create; nothing is written. */
  preview: boolean
  /** The files of the last import, by name: one refused for want of its account can be imported again. */
  files: PickedFile[]
  /** The account given for CSV exports that name none (`null`: none given). */
  account: string | null
  error: unknown
}

export type BankEvent =
  | { type: 'IMPORT'; files: readonly PickedFile[]; preview?: boolean; account?: string }
  | { type: 'ACT'; action: BankAction }
  | { type: 'RELOAD' }

export type BankEmitted =
  | { type: 'imported'; results: BankFileResult[] }
  | { type: 'done' }
  | { type: 'failed'; error: unknown }

/** What the `importFile` actor gets: one file, whether to preview, the account given for an export naming none. */
export interface ImportInput {
  readonly file: PickedFile
  readonly preview: boolean
  readonly account: string | null
}

export const bankMachine = setup({
  types: { context: {} as BankContext, events: {} as BankEvent, emitted: {} as BankEmitted },
  actors: {
    load: fromPromise<BankData>(async () => {
      throw new Error("The 'load' actor is not provided")
    }),
    importFile: fromPromise<BankFileResult, ImportInput>(async () => {
      throw new Error("The 'importFile' actor is not provided")
    }),
    act: fromPromise<void, BankAction>(async () => {
      throw new Error("The 'act' actor is not provided")
    }),
  },
  guards: { more: ({ context }) => context.pending.length > 0 },
}).createMachine({
  id: 'bank',
  context: { data: null, pending: [], total: 0, results: [], preview: false, files: [], account: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'load',
        onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output, error: null }) },
        onError: {
          target: 'ready',
          actions: [
            assign({ error: ({ event }) => event.error }),
            emit(({ event }) => ({ type: 'failed' as const, error: event.error })),
          ],
        },
      },
    },
    ready: {
      on: {
        RELOAD: 'loading',
        IMPORT: {
          guard: ({ event }) => event.files.length > 0,
          target: 'importing',
          actions: assign({
            pending: ({ event }) => [...event.files],
            total: ({ event }) => event.files.length,
            results: [],
            preview: ({ event }) => event.preview === true,
            files: ({ event }) => [...event.files],
            account: ({ event }) => event.account ?? null,
          }),
        },
        ACT: 'acting',
      },
    },
    importing: {
      tags: ['busy', 'importing'],
      invoke: {
        src: 'importFile',
        input: ({ context }) => ({ file: context.pending[0]!, preview: context.preview, account: context.account }),
        onDone: [
          {
            guard: ({ context }) => context.pending.length > 1,
            target: 'importing',
            reenter: true,
            actions: assign({
              results: ({ context, event }) => [...context.results, event.output],
              pending: ({ context }) => context.pending.slice(1),
            }),
          },
          {
            target: 'loading',
            actions: [
              assign({ results: ({ context, event }) => [...context.results, event.output], pending: [] }),
              emit(({ context }) => ({ type: 'imported' as const, results: context.results })),
            ],
          },
        ],
        onError: {
          target: 'loading',
          actions: [assign({ pending: [] }), emit(({ event }) => ({ type: 'failed' as const, error: event.error }))],
        },
      },
    },
    acting: {
      tags: ['busy'],
      invoke: {
        src: 'act',
        input: ({ event }) => (event as Extract<BankEvent, { type: 'ACT' }>).action,
        onDone: { target: 'loading', actions: emit({ type: 'done' as const }) },
        onError: { target: 'ready', actions: emit(({ event }) => ({ type: 'failed' as const, error: event.error })) },
      },
    },
  },
})
