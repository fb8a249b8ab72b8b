/**
 * The KSeF import screen's state: the files picked (added by the file chooser or dropped, removable one by one),
 * the import in progress, and the report per file of the last import. The import is a provided actor, so stories
 * and tests swap it.
 */
import { assign, emit, fromPromise, setup } from 'xstate'
import type { ImportFile, KsefImportResult, PickedFile } from './types.ts'

export interface KsefContext {
  files: ImportFile[]
  results: KsefImportResult[] | null
}

export type KsefEvent =
  | { type: 'ADD'; files: readonly PickedFile[] }
  | { type: 'REMOVE'; index: number }
  | { type: 'SET_NUMBER'; index: number; ksefNumber: string }
  | { type: 'CLEAR' }
  | { type: 'IMPORT' }

export type KsefEmitted = { type: 'imported'; results: KsefImportResult[] } | { type: 'failed'; error: unknown }

export const ksefMachine = setup({
  types: {
    context: {} as KsefContext,
    events: {} as KsefEvent,
    emitted: {} as KsefEmitted,
  },
  actors: {
    importFiles: fromPromise<KsefImportResult[], readonly ImportFile[]>(async () => {
      throw new Error("The 'importFiles' actor is not provided")
    }),
  },
  guards: { hasFiles: ({ context }) => context.files.length > 0 },
}).createMachine({
  id: 'ksef',
  context: { files: [], results: null },
  initial: 'picking',
  states: {
    picking: {
      on: {
        ADD: {
          actions: assign({
            // The same file picked twice is kept once (by name and size).
            files: ({ context, event }) => [
              ...context.files,
              ...event.files
                .filter(
                  (f, i) =>
                    f.name.toLowerCase().endsWith('.xml') &&
                    !context.files.some(({ file: g }) => g.name === f.name && g.size === f.size) &&
                    event.files.findIndex((g) => g.name === f.name && g.size === f.size) === i,
                )
                .map((file) => ({ file, ksefNumber: '' })),
            ],
          }),
        },
        SET_NUMBER: {
          actions: assign({
            files: ({ context, event }) =>
              context.files.map((f, i) => (i === event.index ? { ...f, ksefNumber: event.ksefNumber } : f)),
          }),
        },
        REMOVE: {
          actions: assign({ files: ({ context, event }) => context.files.filter((_, i) => i !== event.index) }),
        },
        CLEAR: { actions: assign({ files: [], results: null }) },
        IMPORT: { guard: 'hasFiles', target: 'importing' },
      },
    },
    importing: {
      tags: ['busy'],
      invoke: {
        src: 'importFiles',
        input: ({ context }) => context.files,
        onDone: {
          target: 'picking',
          actions: [
            assign({ results: ({ event }) => event.output, files: [] }),
            emit(({ event }) => ({ type: 'imported' as const, results: event.output })),
          ],
        },
        onError: { target: 'picking', actions: emit(({ event }) => ({ type: 'failed' as const, error: event.error })) },
      },
    },
  },
})
