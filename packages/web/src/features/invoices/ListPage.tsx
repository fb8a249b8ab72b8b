import { Trans } from '@lingui/react/macro'
import { type FormEvent, type KeyboardEvent, type ReactNode, useState } from 'react'
import { Link } from 'react-router'
import { type ApiError, isApiError } from '../../api/client.ts'
import { Button, DataTable, FormErrors, type HeadColumn, Loader, useMessages } from '../../ui/index.ts'
import { CONNECTION_ERROR } from '../../forms/index.ts'
import { useInvoiceMessage } from './messages.ts'
import type { LoadState } from './useLoad.ts'

interface ListPageProps<T> {
  /** The screen's heading, also the table's caption. */
  title: string
  /** What `useLoad` answered. */
  state: LoadState
  list: readonly T[] | null
  reload: () => Promise<void>
  /** A write is under way: the page is busy. */
  busy: boolean
  /** The sentence shown when the list could not be loaded. */
  failed: ReactNode
  /** The add button's label; the button stands disabled while a form is open. */
  addLabel: ReactNode
  onAdd: () => void
  /** The open form, if any, between the add button and the list, its refusals not tied to a field above it. */
  editor: ReactNode | null
  formErrors: readonly string[]
  /** The sentence shown instead of an empty table. */
  empty: ReactNode
  columns: readonly HeadColumn[]
  /** One `<tr>` of the table. */
  row: (item: T) => ReactNode
}

/**
 * A list screen of the invoices' settings (counterparties, number series): its heading and the way back to the
 * invoices, loading, a failed load with a retry, the add button, the open form, and the list or its empty state.
 */
export const ListPage = <T,>(p: ListPageProps<T>) => (
  <div className="invoices-page" aria-busy={p.state === 'loading' || p.busy}>
    <h1>{p.title}</h1>
    <p>
      <Link to="/companydashboard/invoices">
        <Trans>Back to invoices</Trans>
      </Link>
    </p>
    {p.state === 'loading' && <Loader />}
    {p.state === 'failed' && (
      <div className="invoices-card" role="alert">
        <p>{p.failed}</p>
        <Button variant="secondary" onClick={() => void p.reload()}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    )}
    {p.state === 'ready' && p.list && (
      <>
        <div className="invoices-page__actions">
          <Button onClick={p.onAdd} disabled={p.editor !== null}>
            {p.addLabel}
          </Button>
        </div>
        {p.editor !== null && (
          <>
            <FormErrors errors={p.formErrors} />
            {p.editor}
          </>
        )}
        {p.list.length === 0 ? (
          <p className="invoices__empty">{p.empty}</p>
        ) : (
          <DataTable
            wrapClass="invoices-scroll"
            className="table invoices-table invoices-table--cards table--cards"
            caption={<caption>{p.title}</caption>}
            columns={p.columns}
            rows={p.list}
            row={p.row}
          />
        )}
      </>
    )}
  </div>
)

interface ListEditorProps {
  /** The form's accessible name. */
  label: string
  /** Whether it adds an entry (else it changes one): its heading and its button follow. */
  isNew: boolean
  /** Its heading when it adds an entry. */
  newTitle: ReactNode
  /** Its heading when it changes one. */
  changeTitle: ReactNode
  /** The button that adds the entry (changes are saved with "Save changes"). */
  addLabel: ReactNode
  busy: boolean
  onSave: () => void
  /** Cancel, or Escape anywhere in the form. */
  onCancel: () => void
  children: ReactNode
}

/** The form of a list screen: its heading, its fields, save and cancel (Escape cancels too). */
export const ListEditor = ({
  label,
  isNew,
  newTitle,
  changeTitle,
  addLabel,
  busy,
  onSave,
  onCancel,
  children,
}: ListEditorProps) => {
  const submit = (e: FormEvent) => {
    e.preventDefault()
    onSave()
  }
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault()
      onCancel()
    }
  }
  return (
    <form className="invoices-card" onSubmit={submit} onKeyDown={onKey} aria-label={label} noValidate>
      <h2>{isNew ? newTitle : changeTitle}</h2>
      {children}
      <div className="invoices-page__buttons">
        <Button type="submit" disabled={busy}>
          {isNew ? addLabel : <Trans>Save changes</Trans>}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  )
}

/** What a list screen hands its form. */
export interface EditorProps<F> {
  form: F
  setForm: (f: F) => void
  /** The server's message for each field it refused. */
  serverErrors: Record<string, string>
  busy: boolean
  onSave: () => void
  onCancel: () => void
}

/**
 * A refusal's messages other than those shown at a field; for a server that cannot be reached (status 0, which says
 * nothing itself), the connection message the other screens give.
 */
export const otherErrors = (e: ApiError): string[] => {
  if (e.status === 0) return [CONNECTION_ERROR]
  const fields = new Set(Object.values(e.fieldErrors))
  return e.errors.filter((m) => !fields.has(m))
}

/**
 * The open form of a list screen, its refusals (by field and the rest) and whether a write is under way; `act` runs a
 * write: done, it closes the form, loads the list again and says `done`; refused, it shows each field's message and
 * the rest above the form (or, with no form open, the first in a message).
 */
export const useListForm = <F,>(reload: () => Promise<void>) => {
  const say = useInvoiceMessage()
  const messages = useMessages()
  const [form, setForm] = useState<F | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formErrors, setFormErrors] = useState<string[]>([])
  const [busy, setBusy] = useState(false)
  /** Opens the form on `f` with no refusals shown. */
  const openForm = (f: F) => {
    setForm(f)
    setErrors({})
    setFormErrors([])
  }
  const act = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true)
    try {
      await action()
      setForm(null)
      setErrors({})
      setFormErrors([])
      await reload()
      messages.info(done)
    } catch (e) {
      if (!isApiError(e)) throw e
      setErrors(e.fieldErrors)
      const rest = otherErrors(e)
      if (form === null) messages.error(say(rest[0] ?? Object.values(e.fieldErrors)[0] ?? ''))
      else setFormErrors(rest.map(say))
    } finally {
      setBusy(false)
    }
  }
  /** What the open form `f`, saved by `onSave`, is handed: its setter, the refusals by field, busy, cancel. */
  const editorProps = (f: F, onSave: () => void): EditorProps<F> => ({
    form: f,
    setForm,
    serverErrors: errors,
    busy,
    onSave,
    onCancel: () => setForm(null),
  })
  return { form, setForm, errors, setErrors, formErrors, busy, openForm, act, editorProps }
}
