/**
 * One machine for every record form (company panels, VAT/PIT/social-security settings, income and expense
 * items): view → edit → submitting → view | error. Side effects are the provided actors `load` and `save`,
 * so stories and tests swap them with `formMachine.provide({ actors })`.
 *
 * - In `record` mode the form shows a saved record and edits it; Save sends POST when `id` is 0 and PUT
 *   when `id > 0`; a save that changes nothing shows 'No changes on the form'.
 * - In `add` mode the form is always editable; after a successful save it is cleared for the next item.
 * - `validate` returns hard field errors (block saving) and warnings (e.g. a wrong NIP checksum) that block
 *   saving until the user ticks 'Save anyway' (`OVERRIDE`).
 * - Saves name the record's `version` they change (0: a record not created yet). When the record was changed
 *   elsewhere meanwhile the save answers 409: the form keeps what the user typed and sets `stale`; `RELOAD_LATEST`
 *   loads the latest version as the new base (the typed values stay, so Save applies them to it and Cancel shows it).
 * - Messages are English source texts (SPEC §5/§8); the screens translate them.
 */
import { assign, emit, fromPromise, setup } from 'xstate'
import { loadErrorOf, notice, type ShownError, saveErrorOf } from '../lib/apiErrors.ts'
import { type Draft, deepEqual, setIn } from '../lib/paths.ts'
import type { RecordDto } from '../lib/records.ts'

export interface Validation {
  fieldErrors: Record<string, string>
  warnings: Record<string, string>
}

export const noProblems: Validation = { fieldErrors: {}, warnings: {} }

export interface FormInput {
  mode?: 'record' | 'add'
  /** An already known record (item cards); when absent in `record` mode the `load` actor runs. */
  record?: RecordDto | null
  /** Skip loading (the record is given or the form starts empty). */
  skipLoad?: boolean
  /** The dataObject of a new record. */
  template: Draft
  validate?: (draft: Draft) => Validation
  /** Shapes the draft into what is sent (e.g. fixed items drop repetitions). */
  prepare?: (draft: Draft) => Draft
  /** Info shown after a successful save: 'Item saved' (default), 'Expense added', 'Income added'. */
  savedMessage?: string
}

export interface FormContext {
  mode: 'record' | 'add'
  id: number
  record: RecordDto | null
  saved: Draft | null
  draft: Draft
  template: Draft
  fieldErrors: Record<string, string>
  warnings: Record<string, string>
  override: boolean
  errors: string[]
  validate: (draft: Draft) => Validation
  prepare: (draft: Draft) => Draft
  savedMessage: string
  /** The last save answered 409: the record changed elsewhere since it was read. */
  stale: boolean
}

export type FormEvent =
  | { type: 'EDIT' }
  | { type: 'NEW' }
  | { type: 'CANCEL' }
  | { type: 'CHANGE'; path: string; value: unknown }
  | { type: 'PATCH'; values: Draft }
  | { type: 'OVERRIDE'; value: boolean }
  | { type: 'SAVE' }
  | { type: 'RELOAD' }
  | { type: 'RELOAD_LATEST' }

export type FormEmitted =
  | { type: 'notify'; level: 'info' | 'error'; message: string; messages: string[] }
  | { type: 'saved'; record: RecordDto }

export interface SaveRequest {
  id: number
  dataObject: Draft
  /** The version this save changes (0: not created yet); absent for a new item added in `add` mode. */
  version?: number
}

/** What the `load` actor gets: the record to load by id, or 0 for the current one of the form's type. */
export interface LoadRequest {
  id: number
}

const NO_CHANGES = 'No changes on the form'

const clone = <T>(x: T): T => structuredClone(x)

const hasKeys = (o: Record<string, string>): boolean => Object.keys(o).length > 0

const withoutKey = (o: Record<string, string>, key: string): Record<string, string> => {
  if (!(key in o)) return o
  const { [key]: _, ...rest } = o
  return rest
}

const cleared = { fieldErrors: {}, warnings: {}, errors: [] as string[], override: false, stale: false }

const isStale = (error: unknown) => (error as { status?: unknown } | null)?.status === 409

export const formMachine = setup({
  types: {
    context: {} as FormContext,
    events: {} as FormEvent,
    input: {} as FormInput,
    emitted: {} as FormEmitted,
  },
  actors: {
    load: fromPromise<RecordDto | null, LoadRequest>(async () => {
      throw new Error('provide the load actor')
    }),
    save: fromPromise<RecordDto, SaveRequest>(async () => {
      throw new Error('provide the save actor')
    }),
  },
  guards: {
    isAdd: ({ context }) => context.mode === 'add',
    stale: ({ context }) => context.stale,
    shouldLoad: ({ context }) => context.mode === 'record' && context.record === null,
    invalid: ({ context }) => {
      const v = context.validate(context.draft)
      return hasKeys(v.fieldErrors) || (hasKeys(v.warnings) && !context.override)
    },
    unchanged: ({ context }) =>
      context.id > 0 &&
      context.saved !== null &&
      deepEqual(context.prepare(context.draft), context.prepare(context.saved)),
  },
  actions: {
    showValidation: assign(({ context }) => {
      const v = context.validate(context.draft)
      return { fieldErrors: v.fieldErrors, warnings: v.warnings, errors: [] }
    }),
    noChanges: assign({ errors: [NO_CHANGES], fieldErrors: {}, warnings: {} }),
    change: assign(({ context, event }) => {
      if (event.type !== 'CHANGE') return {}
      return {
        draft: setIn(context.draft, event.path, event.value),
        fieldErrors: withoutKey(context.fieldErrors, event.path),
        warnings: withoutKey(context.warnings, event.path),
        errors: [],
      }
    }),
    patch: assign(({ context, event }) => {
      if (event.type !== 'PATCH') return {}
      let fieldErrors = context.fieldErrors
      let warnings = context.warnings
      for (const k of Object.keys(event.values)) {
        fieldErrors = withoutKey(fieldErrors, k)
        warnings = withoutKey(warnings, k)
      }
      return { draft: { ...context.draft, ...clone(event.values) }, fieldErrors, warnings, errors: [] }
    }),
    override: assign(({ event }) => (event.type === 'OVERRIDE' ? { override: event.value } : {})),
    startEdit: assign(({ context }) => ({ draft: clone(context.saved ?? context.template), ...cleared })),
    startNew: assign(({ context }) => ({
      id: 0,
      draft: clone({ ...context.template, ...(context.saved ?? {}) }),
      ...cleared,
    })),
    discard: assign(({ context }) => ({
      id: context.record?.id ?? 0,
      draft: clone(context.saved ?? context.template),
      ...cleared,
    })),
  },
}).createMachine({
  id: 'recordForm',
  context: ({ input }) => {
    const record = input.record ?? null
    const saved = record ? (record.dataObject as Draft) : null
    return {
      mode: input.mode ?? 'record',
      id: record?.id ?? 0,
      record,
      saved,
      draft: clone(saved ?? input.template),
      template: input.template,
      ...cleared,
      validate: input.validate ?? (() => noProblems),
      prepare: input.prepare ?? ((d) => d),
      savedMessage: input.savedMessage ?? 'Item saved',
    }
  },
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'isAdd', target: 'edit' }, { guard: 'shouldLoad', target: 'loading' }, { target: 'view' }],
    },
    loading: {
      invoke: {
        src: 'load',
        input: ({ context }) => ({ id: context.id }),
        onDone: {
          target: 'view',
          actions: assign(({ context, event }) => {
            const record = event.output
            const saved = record ? (record.dataObject as Draft) : null
            return { record, saved, id: record?.id ?? 0, draft: clone(saved ?? context.template), ...cleared }
          }),
        },
        onError: {
          target: 'view',
          actions: [
            assign(({ event }) => ({ errors: loadErrorOf(event.error).errors })),
            emit(({ event }) => notice('error', loadErrorOf(event.error).errors)),
          ],
        },
      },
    },
    view: {
      on: {
        EDIT: { target: 'edit', actions: 'startEdit' },
        NEW: { target: 'edit', actions: 'startNew' },
        RELOAD: { target: 'loading' },
      },
    },
    edit: {
      on: {
        RELOAD_LATEST: { guard: 'stale', target: 'refreshing' },
        CHANGE: { actions: 'change' },
        PATCH: { actions: 'patch' },
        OVERRIDE: { actions: 'override' },
        CANCEL: [
          { guard: 'isAdd', actions: 'discard' },
          { target: 'view', actions: 'discard' },
        ],
        SAVE: [
          { guard: 'invalid', actions: 'showValidation' },
          { guard: 'unchanged', actions: 'noChanges' },
          { target: 'submitting' },
        ],
      },
    },
    submitting: {
      entry: assign({ errors: [] as string[] }),
      invoke: {
        src: 'save',
        input: ({ context }): SaveRequest => ({
          id: context.id,
          dataObject: context.prepare(clone(context.draft)),
          // Record mode names the version read (0: none exists yet); add mode creates a new item. A change of a
          // record whose version is unknown names 0 too: the server answers 409 and the form offers to reload,
          // where a PUT without a version would silently overwrite a change made elsewhere.
          ...(context.mode !== 'record'
            ? {}
            : context.id === 0
              ? { version: 0 }
              : { version: context.record?.version ?? 0 }),
        }),
        onDone: [
          {
            guard: 'isAdd',
            target: 'edit',
            actions: [
              assign(({ context }) => ({ id: 0, draft: clone(context.template), ...cleared })),
              emit(({ event }) => ({ type: 'saved' as const, record: event.output })),
              emit(({ context }) => notice('info', [context.savedMessage])),
            ],
          },
          {
            target: 'view',
            actions: [
              assign(({ event }) => {
                const record = event.output
                const saved = record.dataObject as Draft
                return { record, saved, id: record.id, draft: clone(saved), ...cleared }
              }),
              emit(({ event }) => ({ type: 'saved' as const, record: event.output })),
              emit(({ context }) => notice('info', [context.savedMessage])),
            ],
          },
        ],
        onError: {
          target: 'error',
          actions: [
            assign(({ event }) => {
              const shown: ShownError = saveErrorOf(event.error)
              return { errors: shown.errors, fieldErrors: shown.fieldErrors, stale: isStale(event.error) }
            }),
            emit(({ event }) => notice('error', saveErrorOf(event.error).errors)),
          ],
        },
      },
    },
    refreshing: {
      invoke: {
        src: 'load',
        input: ({ context }) => ({ id: context.id }),
        onDone: [
          {
            guard: ({ event }) => event.output === null,
            target: 'error',
            actions: assign({ errors: ['Not found'] }),
          },
          {
            target: 'edit',
            // The latest version is the new base; the user's typed values stay in the draft.
            actions: assign(({ event }) => {
              const record = event.output!
              return { record, saved: record.dataObject as Draft, id: record.id, errors: [], stale: false }
            }),
          },
        ],
        onError: { target: 'error', actions: assign(({ event }) => ({ errors: loadErrorOf(event.error).errors })) },
      },
    },
    error: {
      on: {
        RELOAD_LATEST: { guard: 'stale', target: 'refreshing' },
        CHANGE: { target: 'edit', actions: 'change' },
        PATCH: { target: 'edit', actions: 'patch' },
        OVERRIDE: { actions: 'override' },
        CANCEL: [
          { guard: 'isAdd', target: 'edit', actions: 'discard' },
          { target: 'view', actions: 'discard' },
        ],
        SAVE: [
          { guard: 'invalid', target: 'edit', actions: 'showValidation' },
          { guard: 'unchanged', target: 'edit', actions: 'noChanges' },
          { target: 'submitting' },
        ],
      },
    },
  },
})

export type FormMachine = typeof formMachine
