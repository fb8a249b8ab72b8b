/**
 * The admin log viewer's state (SPEC §2 Logs): first the ADMIN api key, then the query form and its results.
 * The key lives only in memory. The fetch is a provided actor.
 */
import { assign, emit, fromPromise, setup } from 'xstate'
import { defaultLogQuery, type LogEntry, type LogPage, type LogQuery } from './types.ts'

export interface LogsContext {
  key: string
  query: LogQuery
  items: LogEntry[]
  total: number
  /** `true` once a query has answered (so "no entries" can be told from "not asked yet"). */
  loaded: boolean
  /** Why the last key was refused (401/403); cleared when a key is accepted or cleared. */
  keyError: unknown
}

export type LogsEvent =
  | { type: 'SET_KEY'; key: string }
  | { type: 'CLEAR_KEY' }
  | { type: 'EDIT_QUERY'; query: Partial<LogQuery> }
  | { type: 'SEARCH' }
  | { type: 'PAGE'; pageNumber: number }

export type LogsEmitted = { type: 'loadError'; error: unknown } | { type: 'loaded' }

/** `true` for the API's answer to a wrong or missing key (401/403): the key is not set, whatever was typed. */
export const isKeyRefused = (error: unknown): boolean => {
  const status = (error as { status?: unknown } | null)?.status
  return status === 401 || status === 403
}

/** The number of pages for `total` entries (at least 1). */
export const pageCount = (total: number, pageSize: number): number =>
  Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, pageSize)))

/** Keeps the form within what the API accepts: whole page size 1..100 and page number ≥ 1. */
export const normaliseQuery = (q: LogQuery): LogQuery => ({
  pageSize: Math.min(100, Math.max(1, Math.trunc(Number(q.pageSize)) || defaultLogQuery.pageSize)),
  pageNumber: Math.max(1, Math.trunc(Number(q.pageNumber)) || 1),
  descending: Boolean(q.descending),
  search: String(q.search ?? '').trim(),
})

export const logsMachine = setup({
  types: {
    context: {} as LogsContext,
    events: {} as LogsEvent,
    emitted: {} as LogsEmitted,
  },
  actors: {
    loadPage: fromPromise<LogPage, { key: string; query: LogQuery }>(async () => {
      throw new Error("The 'loadPage' actor is not provided")
    }),
  },
  guards: {
    keyGiven: ({ event }) => event.type === 'SET_KEY' && event.key.trim() !== '',
  },
}).createMachine({
  id: 'logs',
  context: { key: '', query: defaultLogQuery, items: [], total: 0, loaded: false, keyError: null },
  initial: 'noKey',
  states: {
    noKey: {
      on: {
        SET_KEY: { guard: 'keyGiven', target: 'withKey', actions: assign({ key: ({ event }) => event.key.trim() }) },
      },
    },
    withKey: {
      initial: 'loading',
      on: {
        CLEAR_KEY: {
          target: 'noKey',
          actions: assign({ key: '', items: [], total: 0, loaded: false, keyError: null }),
        },
        SET_KEY: [
          { guard: 'keyGiven', target: '.loading', actions: assign({ key: ({ event }) => event.key.trim() }) },
          { target: 'noKey', actions: assign({ key: '', items: [], total: 0, loaded: false }) },
        ],
        EDIT_QUERY: { actions: assign({ query: ({ context, event }) => ({ ...context.query, ...event.query }) }) },
        SEARCH: { target: '.loading', actions: assign({ query: ({ context }) => normaliseQuery(context.query) }) },
        PAGE: {
          target: '.loading',
          actions: assign({
            query: ({ context, event }) =>
              normaliseQuery({
                ...context.query,
                pageNumber: Math.min(event.pageNumber, pageCount(context.total, context.query.pageSize)),
              }),
          }),
        },
      },
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            src: 'loadPage',
            input: ({ context }) => ({ key: context.key, query: normaliseQuery(context.query) }),
            onDone: {
              target: 'ready',
              actions: [
                assign(({ event }) => ({
                  items: event.output.items,
                  total: event.output.total,
                  loaded: true,
                  keyError: null,
                })),
                emit({ type: 'loaded' as const }),
              ],
            },
            onError: [
              {
                // A refused key is no key: back to the not-set state, with the reason beside the key field.
                guard: ({ event }) => isKeyRefused(event.error),
                target: '#logs.noKey',
                actions: assign(({ event }) => ({
                  key: '',
                  items: [],
                  total: 0,
                  loaded: false,
                  keyError: event.error,
                })),
              },
              {
                target: 'ready',
                actions: [
                  assign({ items: [], total: 0, loaded: true }),
                  emit(({ event }) => ({ type: 'loadError' as const, error: event.error })),
                ],
              },
            ],
          },
        },
        ready: {},
      },
    },
  },
})
