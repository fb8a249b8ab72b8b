import { useLingui } from '@lingui/react/macro'
import { type ReactNode, useMemo, useSyncExternalStore } from 'react'

/** Message popups of SPEC §2/§4: info closes after 4 s, warning after 10 s, error after 30 s, or on click. */
export type MessageKind = 'info' | 'warning' | 'error'
export const messageTimeouts: Record<MessageKind, number> = { info: 4000, warning: 10_000, error: 30_000 }

export type Message = { id: number; kind: MessageKind; text: ReactNode }

type Listener = () => void

/** A small store of the open popups; usable outside React (e.g. from machine actions). */
export const createMessageStore = () => {
  let messages: readonly Message[] = []
  let nextId = 1
  const listeners = new Set<Listener>()
  const timers = new Map<number, ReturnType<typeof setTimeout>>()
  const emit = () => {
    for (const l of listeners) l()
  }
  const close = (id: number) => {
    const timer = timers.get(id)
    if (timer) clearTimeout(timer)
    timers.delete(id)
    messages = messages.filter((m) => m.id !== id)
    emit()
  }
  const show = (kind: MessageKind, text: ReactNode): number => {
    const id = nextId++
    messages = [...messages, { id, kind, text }]
    timers.set(
      id,
      setTimeout(() => close(id), messageTimeouts[kind]),
    )
    emit()
    return id
  }
  const clear = () => {
    for (const t of timers.values()) clearTimeout(t)
    timers.clear()
    messages = []
    emit()
  }
  return {
    show,
    info: (text: ReactNode) => show('info', text),
    warning: (text: ReactNode) => show('warning', text),
    error: (text: ReactNode) => show('error', text),
    close,
    clear,
    getSnapshot: () => messages,
    subscribe: (l: Listener) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
  }
}

export type MessageStore = ReturnType<typeof createMessageStore>

/** The app-wide popups. */
export const messageStore: MessageStore = createMessageStore()

/** `const messages = useMessages(); messages.error(t\`…\`)` */
export const useMessages = (store: MessageStore = messageStore) =>
  useMemo(() => ({ info: store.info, warning: store.warning, error: store.error, close: store.close }), [store])

/** Renders the open popups (once, in the shell). Errors are alerts, the rest polite status messages. */
export const MessagePopups = ({ store = messageStore }: { store?: MessageStore }) => {
  const { t } = useLingui()
  const messages = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot)
  return (
    <div className="popups">
      {messages.map((m) => (
        // The whole popup closes on click; its close button is the keyboard path.
        // biome-ignore lint/a11y/useKeyWithClickEvents: the close button inside handles the keyboard
        // biome-ignore lint/a11y/noStaticElementInteractions: a mouse convenience over the announced message
        <div
          key={m.id}
          className={`popup popup--${m.kind}`}
          role={m.kind === 'info' ? 'status' : 'alert'}
          onClick={() => store.close(m.id)}
        >
          <div className="popup__text">{m.text}</div>
          <button type="button" className="popup__close" aria-label={t`Close`} onClick={() => store.close(m.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  )
}
