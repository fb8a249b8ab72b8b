import { assign, fromPromise, setup } from 'xstate'
import { isApiError } from '../api/client.ts'

export type FieldErrors<V> = Partial<Record<keyof V & string, string>>

/** What a failed submit turns into: form errors (English, translated on render), changed values, a popup. */
export type Failure<V> = { errors?: string[]; fieldErrors?: FieldErrors<V>; values?: Partial<V>; popup?: string }

export type FormContext<V, O> = {
  values: V
  fieldErrors: FieldErrors<V>
  errors: string[]
  output: O | null
  /** Set after a failure that asked for a popup; the screen shows it. */
  popup: string | null
}

export type FormEvent<V> =
  | { type: 'CHANGE'; field: keyof V & string; value: V[keyof V] }
  | { type: 'SET'; values: Partial<V> }
  | { type: 'SUBMIT' }
  | { type: 'RESET' }

/** Default failure mapping (SPEC §8): status 0 → the status text; else the server's errors list. */
export const defaultFailure = <V>(error: unknown): Failure<V> => {
  if (isApiError(error)) {
    if (error.status === 0) return { errors: ['Response error, can not connect to API.'] }
    if (error.status >= 500) return { errors: error.errors.length ? error.errors : ['Internal server error'] }
    return {
      errors: error.errors.length ? error.errors : [error.statusText || String(error.status)],
      fieldErrors: error.fieldErrors as FieldErrors<V>,
    }
  }
  return { errors: [error instanceof Error ? error.message : String(error)] }
}

/**
 * A form as a machine (SPEC §4): `editing` → SUBMIT → (client validation) → `submitting` (the provided `submit`
 * actor; the screen disables the button and shows the loader) → `done` with the output, or back to `editing`
 * with errors. `validate` returns field errors; `failure` maps a rejected submit (clear passwords, popups…).
 */
export const createFormMachine = <V extends Record<string, unknown>, O>(options: {
  id: string
  initial: V
  validate?: (values: V) => FieldErrors<V>
  failure?: (error: unknown, values: V) => Failure<V>
  /** A result that resolved but reports failure (`{ success:false }`), mapped to a failure; null when fine. */
  check?: (output: O, values: V) => Failure<V> | null
}) => {
  const validate = options.validate ?? (() => ({}))
  const failure = options.failure ?? ((e: unknown) => defaultFailure<V>(e))
  const hasErrors = (e: FieldErrors<V>) => Object.values(e).some(Boolean)
  const applyFailure = (context: FormContext<V, O>, f: Failure<V>): Partial<FormContext<V, O>> => ({
    errors: f.errors ?? [],
    fieldErrors: f.fieldErrors ?? {},
    values: f.values ? { ...context.values, ...f.values } : context.values,
    popup: f.popup ?? null,
  })
  return setup({
    types: {} as {
      context: FormContext<V, O>
      events: FormEvent<V>
      input: { values?: Partial<V> } | undefined
    },
    actors: {
      submit: fromPromise<unknown, Record<string, unknown>>(async () => {
        throw new Error('provide the submit actor')
      }),
    },
    actions: {
      storeOutput: assign({ output: ({ event }) => (event as unknown as { output: O }).output }),
      storeFailure: assign(({ context, event }) =>
        applyFailure(context, failure((event as unknown as { error: unknown }).error, context.values)),
      ),
    },
    guards: {
      invalid: ({ context }) => hasErrors(validate(context.values)),
      rejected: ({ context }) => context.output !== null && options.check?.(context.output, context.values) != null,
    },
  }).createMachine({
    id: options.id,
    context: ({ input }) => ({
      values: { ...options.initial, ...(input?.values ?? {}) },
      fieldErrors: {},
      errors: [],
      output: null,
      popup: null,
    }),
    initial: 'editing',
    on: {
      CHANGE: {
        target: '.editing',
        actions: assign({
          values: ({ context, event }) => ({ ...context.values, [event.field]: event.value }),
          fieldErrors: ({ context, event }) => ({ ...context.fieldErrors, [event.field]: undefined }),
        }),
      },
      SET: { actions: assign({ values: ({ context, event }) => ({ ...context.values, ...event.values }) }) },
      RESET: {
        target: '.editing',
        actions: assign({ values: () => options.initial, fieldErrors: {}, errors: [], output: null, popup: null }),
      },
    },
    states: {
      editing: {
        on: {
          SUBMIT: [
            {
              guard: 'invalid',
              actions: assign({ fieldErrors: ({ context }) => validate(context.values), errors: [], popup: null }),
            },
            { target: 'submitting', actions: assign({ fieldErrors: {}, errors: [], popup: null }) },
          ],
        },
      },
      submitting: {
        invoke: {
          src: 'submit',
          input: ({ context }) => context.values,
          onDone: { target: 'checking', actions: 'storeOutput' },
          onError: { target: 'editing', actions: 'storeFailure' },
        },
      },
      checking: {
        always: [
          {
            guard: 'rejected',
            target: 'editing',
            actions: assign(({ context }) => ({
              ...applyFailure(
                context,
                context.output === null ? {} : (options.check?.(context.output, context.values) ?? {}),
              ),
              output: null,
            })),
          },
          { target: 'done' },
        ],
      },
      done: {},
    },
  })
}

/** The `submit` actor of a form machine from a plain async function (`machine.provide({ actors: { submit } })`). */
export const submitWith = <V, O>(fn: (values: V) => Promise<O>) =>
  fromPromise<unknown, Record<string, unknown>>(({ input }) => fn(input as V))
