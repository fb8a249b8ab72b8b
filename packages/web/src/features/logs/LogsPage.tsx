import { Trans, useLingui } from '@lingui/react/macro'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { useFormat } from '../../i18n/format.ts'
import { Button } from '../../ui/Button.tsx'
import { Card } from '../../ui/Card.tsx'
import { Checkbox, NumberInput, SecretInput, TextInput } from '../../ui/Field.tsx'
import { Loader } from '../../ui/Loader.tsx'
import { useMessages } from '../../ui/messages.tsx'
import { TableHead } from '../../ui/TableHead.tsx'
import { errorText } from '../dashboard/errors.ts'
import { createLogsApi, logsActors } from './api.ts'
import { logsMachine, pageCount } from './logsMachine.ts'
import { useLogNames } from './names.ts'
import type { LogEntry } from './types.ts'
import './logs.css'

type Props = {
  effects?: ReturnType<typeof createLogsApi>
  /** A key to start with (stories); the user types it otherwise. */
  initialKey?: string
}

const json = (value: unknown): string => {
  try {
    return JSON.stringify(value, null, 2) ?? ''
  } catch {
    return String(value)
  }
}

/** One entry: a row of local time (Europe/Warsaw, zone shown), user, event and data type; its data on demand. */
const LogRows = ({ entry }: { entry: LogEntry }) => {
  const { t } = useLingui()
  const fmt = useFormat()
  const names = useLogNames()
  const [open, setOpen] = useState(false)
  const dataId = useId()
  return (
    <tbody className="log-entry" data-testid="log-entry">
      <tr>
        <td className="log-entry__time">
          <time dateTime={entry.createdDate}>{fmt.instant(entry.createdDate)}</time>
        </td>
        <td className="log-entry__user">{entry.userName}</td>
        <td title={entry.eventType}>{names.event(entry.eventType)}</td>
        <td title={entry.dataType}>{names.data(entry.dataType)}</td>
        <td className="log-entry__toggle">
          <button
            type="button"
            className="btn btn--link"
            aria-expanded={open}
            aria-controls={dataId}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? t`Hide data` : t`Show data`}
          </button>
        </td>
      </tr>
      <tr className="log-entry__data" id={dataId} hidden={!open}>
        <td colSpan={5}>{open && <pre className="log-entry__json">{json(entry.dataObject)}</pre>}</td>
      </tr>
    </tbody>
  )
}

/** SPEC §2 Logs (ADMIN): the api-key step, then the query form and the entries. */
export const LogsPage = ({ effects, initialKey }: Props) => {
  const { t, i18n } = useLingui()
  const messages = useMessages()
  const machine = useMemo(() => logsMachine.provide({ actors: logsActors(effects ?? createLogsApi()) }), [effects])
  const actor = useActorRef(machine)
  const hasKey = useSelector(actor, (s) => s.matches('withKey'))
  const query = useSelector(actor, (s) => s.context.query)
  const items = useSelector(actor, (s) => s.context.items)
  const total = useSelector(actor, (s) => s.context.total)
  const loaded = useSelector(actor, (s) => s.context.loaded)
  const busy = useSelector(actor, (s) => s.hasTag('busy'))
  const keyError = useSelector(actor, (s) => s.context.keyError)
  const popup = useRef<number | null>(null)
  const [keyDraft, setKeyDraft] = useState(initialKey ?? '')

  useEffect(() => {
    if (initialKey) actor.send({ type: 'SET_KEY', key: initialKey })
  }, [actor, initialKey])

  useEffect(() => {
    const closePopup = () => {
      if (popup.current !== null) messages.close(popup.current)
      popup.current = null
    }
    const failed = actor.on('loadError', (e) => {
      closePopup()
      popup.current = messages.error(errorText(i18n, e.error))
    })
    // A page that loads answers the earlier failure: its popup goes.
    const loaded = actor.on('loaded', closePopup)
    return () => {
      failed.unsubscribe()
      loaded.unsubscribe()
    }
  }, [actor, messages, i18n])

  const pages = pageCount(total, query.pageSize)

  return (
    <div className="logs">
      <h1 className="page-title">
        <Trans>Logs</Trans>
      </h1>
      <Card title={t`ADMIN api key`}>
        <form
          className="logs__key"
          onSubmit={(e) => {
            e.preventDefault()
            actor.send({ type: 'SET_KEY', key: keyDraft })
          }}
        >
          <SecretInput label={t`Api key`} value={keyDraft} onChange={(e) => setKeyDraft(e.currentTarget.value)} />
          <div className="logs__key-buttons">
            <Button type="submit">
              <Trans>Set key</Trans>
            </Button>
            {hasKey && (
              <Button
                variant="secondary"
                onClick={() => {
                  setKeyDraft('')
                  actor.send({ type: 'CLEAR_KEY' })
                }}
              >
                <Trans>Clear key</Trans>
              </Button>
            )}
          </div>
          <p className={`logs__key-state${hasKey ? ' logs__key-state--set' : ''}`} role="status">
            {hasKey ? <Trans>Key is set</Trans> : <Trans>Key is NOT set</Trans>}
          </p>
          {!hasKey && keyError !== null && (
            <p className="logs__key-error" role="alert">
              <Trans>
                The key was refused ({errorText(i18n, keyError)}). Enter the ADMIN api key and set it again.
              </Trans>
            </p>
          )}
        </form>
      </Card>

      {!hasKey && (
        <p className="hint">
          <Trans>You need to add ADMIN api key to see logs.</Trans>
        </p>
      )}

      {hasKey && (
        <Card title={t`Query`}>
          <form
            className="logs__query"
            onSubmit={(e) => {
              e.preventDefault()
              actor.send({ type: 'EDIT_QUERY', query: { pageNumber: 1 } })
              actor.send({ type: 'SEARCH' })
            }}
          >
            <NumberInput
              label={t`Page size`}
              step="1"
              min={1}
              max={100}
              value={String(query.pageSize)}
              onChange={(e) => actor.send({ type: 'EDIT_QUERY', query: { pageSize: Number(e.currentTarget.value) } })}
            />
            <NumberInput
              label={t`Page number`}
              step="1"
              min={1}
              value={String(query.pageNumber)}
              onChange={(e) => actor.send({ type: 'EDIT_QUERY', query: { pageNumber: Number(e.currentTarget.value) } })}
            />
            <Checkbox
              label={t`Descending`}
              checked={query.descending}
              onChange={(e) => actor.send({ type: 'EDIT_QUERY', query: { descending: e.currentTarget.checked } })}
            />
            <TextInput
              label={t`Search`}
              type="search"
              value={query.search}
              onChange={(e) => actor.send({ type: 'EDIT_QUERY', query: { search: e.currentTarget.value } })}
            />
            <Button type="submit" disabled={busy}>
              <Trans>Search</Trans>
            </Button>
          </form>
        </Card>
      )}

      {hasKey && (
        <section className="logs__results" aria-busy={busy}>
          <Loader active={busy} />
          <h2 className="section-title">
            <Trans>Entries</Trans> <span className="logs__total">({total})</span>
          </h2>
          {loaded && items.length === 0 ? (
            <p className="empty">
              <Trans>No entries.</Trans>
            </p>
          ) : (
            <table className="log-table">
              <caption className="visually-hidden">
                <Trans>Log entries</Trans>
              </caption>
              <TableHead
                columns={[t`Time (Warsaw)`, t`User`, t`Event`, t`Data type`, { label: t`Entry data`, hidden: true }]}
              />
              {items.map((entry) => (
                <LogRows key={entry.id} entry={entry} />
              ))}
            </table>
          )}
          <nav className="pager" aria-label={t`Pages`}>
            <Button
              variant="secondary"
              disabled={busy || query.pageNumber <= 1}
              onClick={() => actor.send({ type: 'PAGE', pageNumber: query.pageNumber - 1 })}
            >
              <Trans>Previous page</Trans>
            </Button>
            <span className="pager__state">
              <Trans>
                Page {query.pageNumber} of {pages}
              </Trans>
            </span>
            <Button
              variant="secondary"
              disabled={busy || query.pageNumber >= pages}
              onClick={() => actor.send({ type: 'PAGE', pageNumber: query.pageNumber + 1 })}
            >
              <Trans>Next page</Trans>
            </Button>
          </nav>
        </section>
      )}
    </div>
  )
}
