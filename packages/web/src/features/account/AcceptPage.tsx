import { Trans } from '@lingui/react/macro'
import { useMachine } from '@xstate/react'
import { assign, fromPromise, setup } from 'xstate'
import { api, isApiError } from '../../api/client.ts'
import { Card } from '../../ui/Card.tsx'
import { Loader } from '../../ui/Loader.tsx'
import { useQueryOnce } from '../../routing/query.ts'
import { useTranslateMessage } from '../../i18n/useTranslateMessage.ts'

type AcceptResult = { message?: string }

export const acceptCall = (key: string) => api.get<AcceptResult>(`transaction/Accept?${new URLSearchParams({ key })}`)

/** Sends the key, then shows the server's message, on success and on error alike (SPEC §8). */
export const acceptMachine = setup({
  types: {} as { context: { key: string; message: string | null }; input: { key: string } },
  actors: { accept: fromPromise<AcceptResult, string>(async () => ({})) },
}).createMachine({
  id: 'accept',
  context: ({ input }) => ({ key: input.key, message: null }),
  initial: 'sending',
  states: {
    sending: {
      invoke: {
        src: 'accept',
        input: ({ context }) => context.key,
        onDone: { target: 'shown', actions: assign({ message: ({ event }) => event.output?.message ?? null }) },
        onError: {
          target: 'shown',
          actions: assign({
            message: ({ event }) => {
              const e = event.error
              if (isApiError(e)) {
                const body = e.body as { message?: unknown } | null
                if (body && typeof body.message === 'string') return body.message
                return e.errors.join(' ') || e.statusText
              }
              return String(e)
            },
          }),
        },
      },
    },
    shown: {},
  },
})

/** Accept page (SPEC §2): reads `key`, resets the address to plain /accept, shows the server's message. */
export const AcceptPage = ({ accept = acceptCall }: { accept?: (key: string) => Promise<AcceptResult> }) => {
  const tm = useTranslateMessage()
  const q = useQueryOnce(['key'])
  const [state] = useMachine(
    acceptMachine.provide({ actors: { accept: fromPromise(({ input }: { input: string }) => accept(input)) } }),
    { input: { key: q.key ?? '' } },
  )
  return (
    <Card headingLevel={1} title={<Trans context="page">Accept</Trans>}>
      {state.matches('sending') ? (
        <Loader />
      ) : (
        <p role="status">{state.context.message ? tm(state.context.message) : ''}</p>
      )}
    </Card>
  )
}
