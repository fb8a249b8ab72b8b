/**
 * The books screen's state: the year and month shown, the book, and a JPK download. Loading, failure (with a
 * retry) and an empty year are states the screen shows; API effects are provided actors, so stories and tests
 * swap them.
 */
import { assign, emit, fromPromise, setup } from 'xstate'
import type { BookRequest, JpkRequest } from './api.ts'
import type { BookView, JpkDownload, JpkForm } from './types.ts'

export interface BooksContext {
  year: number
  currentYear: number
  /** 1–12, or `null` for the whole year. */
  month: number | null
  book: BookView | null
}

export type BooksEvent =
  | { type: 'PREV' }
  | { type: 'NEXT' }
  | { type: 'THIS_YEAR' }
  | { type: 'REFRESH' }
  | { type: 'SET_MONTH'; month: number | null }
  | { type: 'DOWNLOAD'; form: JpkForm }

export type BooksEmitted =
  | { type: 'downloaded'; file: JpkDownload }
  | { type: 'downloadFailed'; error: unknown }
  | { type: 'loadFailed'; error: unknown }

export const booksMachine = setup({
  types: {
    context: {} as BooksContext,
    events: {} as BooksEvent,
    input: {} as { year: number; month?: number | null },
    emitted: {} as BooksEmitted,
  },
  actors: {
    loadBook: fromPromise<BookView, BookRequest>(async () => {
      throw new Error("The 'loadBook' actor is not provided")
    }),
    downloadJpk: fromPromise<JpkDownload, JpkRequest>(async () => {
      throw new Error("The 'downloadJpk' actor is not provided")
    }),
  },
}).createMachine({
  id: 'books',
  context: ({ input }) => ({ year: input.year, currentYear: input.year, month: input.month ?? null, book: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadBook',
        input: ({ context }) => ({ year: context.year, month: context.month }),
        onDone: { target: 'ready', actions: assign({ book: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: [assign({ book: null }), emit(({ event }) => ({ type: 'loadFailed' as const, error: event.error }))],
        },
      },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: { on: { DOWNLOAD: 'downloading' } },
        downloading: {
          tags: ['downloading'],
          invoke: {
            src: 'downloadJpk',
            input: ({ context, event }) => ({
              year: context.year,
              month: context.month,
              form: (event as { form: JpkForm }).form,
            }),
            onDone: {
              target: 'idle',
              actions: emit(({ event }) => ({ type: 'downloaded' as const, file: event.output })),
            },
            onError: {
              target: 'idle',
              actions: emit(({ event }) => ({ type: 'downloadFailed' as const, error: event.error })),
            },
          },
        },
      },
    },
    failed: {},
  },
  on: {
    PREV: { target: '.loading', actions: assign({ year: ({ context }) => context.year - 1 }) },
    NEXT: { target: '.loading', actions: assign({ year: ({ context }) => context.year + 1 }) },
    THIS_YEAR: { target: '.loading', actions: assign({ year: ({ context }) => context.currentYear }) },
    REFRESH: { target: '.loading' },
    SET_MONTH: { target: '.loading', actions: assign({ month: ({ event }) => event.month }) },
  },
})
