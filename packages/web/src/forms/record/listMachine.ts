/**
 * A list of records (items or the history of a setting): loads through the provided `loadList` actor,
 * deletes through `remove` after the confirm dialog ('This item will be deleted. Do you confirm?'),
 * and removes the deleted item from the list. A 404 on load means "no data" and is silent (SPEC §8).
 */
import { assign, emit, fromPromise, setup } from 'xstate'
import { loadErrorOf, notice, saveErrorOf, statusOf } from '../lib/apiErrors.ts'
import type { RecordDto } from '../lib/records.ts'

export interface ListContext {
  items: RecordDto[]
  pendingId: number | null
  errors: string[]
}

export type ListEvent =
  | { type: 'RELOAD' }
  | { type: 'ASK_DELETE'; id: number }
  | { type: 'CANCEL' }
  | { type: 'CONFIRM' }
  | { type: 'REPLACE'; record: RecordDto }

const STALE = 'This record was changed elsewhere. Reload it to see the latest version.'

export type ListEmitted = { type: 'notify'; level: 'info' | 'error'; message: string; messages: string[] }

export const listMachine = setup({
  types: {
    context: {} as ListContext,
    events: {} as ListEvent,
    input: {} as { items?: RecordDto[] },
    emitted: {} as ListEmitted,
  },
  actors: {
    loadList: fromPromise<RecordDto[]>(async () => {
      throw new Error('provide the loadList actor')
    }),
    remove: fromPromise<unknown, { id: number; version?: number }>(async () => {
      throw new Error('provide the remove actor')
    }),
  },
  guards: {
    notFound: ({ event }) => statusOf((event as { error?: unknown }).error) === 404,
  },
  actions: {
    replace: assign(({ context, event }) => {
      if (event.type !== 'REPLACE') return {}
      return { items: context.items.map((r) => (r.id === event.record.id ? { ...r, ...event.record } : r)) }
    }),
  },
}).createMachine({
  id: 'recordList',
  context: ({ input }) => ({ items: input?.items ?? [], pendingId: null, errors: [] }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadList',
        onDone: { target: 'ready', actions: assign(({ event }) => ({ items: event.output, errors: [] })) },
        onError: [
          { guard: 'notFound', target: 'ready', actions: assign({ items: [] as RecordDto[], errors: [] as string[] }) },
          {
            target: 'ready',
            actions: [
              assign(({ event }) => ({ errors: loadErrorOf(event.error).errors })),
              emit(({ event }) => notice('error', loadErrorOf(event.error).errors)),
            ],
          },
        ],
      },
    },
    ready: {
      on: {
        RELOAD: 'loading',
        REPLACE: { actions: 'replace' },
        ASK_DELETE: { target: 'confirming', actions: assign(({ event }) => ({ pendingId: event.id })) },
      },
    },
    deciding: {
      always: [{ guard: ({ context }) => context.errors.includes(STALE), target: 'loading' }, { target: 'ready' }],
    },
    confirming: {
      on: {
        CANCEL: { target: 'ready', actions: assign({ pendingId: null }) },
        CONFIRM: 'deleting',
      },
    },
    deleting: {
      invoke: {
        src: 'remove',
        input: ({ context }) => {
          const id = context.pendingId ?? 0
          const version = context.items.find((r) => r.id === id)?.version
          return version === undefined ? { id } : { id, version }
        },
        onDone: {
          target: 'ready',
          actions: assign(({ context }) => ({
            items: context.items.filter((r) => r.id !== context.pendingId),
            pendingId: null,
            errors: [],
          })),
        },
        onError: {
          // A 409: the item changed elsewhere since the list was read; the list is read again to show it.
          target: 'deciding',
          actions: [
            assign(({ event }) => ({ pendingId: null, errors: saveErrorOf(event.error).errors })),
            emit(({ event }) => notice('error', saveErrorOf(event.error).errors)),
          ],
        },
      },
    },
  },
})

export type ListMachine = typeof listMachine
