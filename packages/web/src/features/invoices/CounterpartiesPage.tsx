/**
 * companydashboard/invoices/counterparties: the buyers (and suppliers) invoices are filled from. The list, a form to
 * add or change one (a Polish NIP checked as it is typed, by the core's own rule, each field's message in the user's
 * language) and deletion; a buyer typed on an invoice is remembered here on save. Loading, a failed load (with a
 * retry) and an empty list each have their own state.
 */
import { readCounterparty } from '@finance/ledger-core'
import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { Link } from 'react-router'
import { isApiError } from '../../api/client.ts'
import { Button, FormErrors, Loader, TextInput, useMessages } from '../../ui/index.ts'
import { type CounterpartyDto, createInvoicesApi, type InvoicesApi } from './api.ts'
import { useInvoiceMessage } from './messages.ts'
import { useLoad } from './useLoad.ts'
import './invoices.css'

type Props = { effects?: InvoicesApi }

interface CounterpartyForm {
  id: number | null
  name: string
  taxId: string
  country: string
  address: string
  email: string
}

const emptyForm = (): CounterpartyForm => ({ id: null, name: '', taxId: '', country: 'PL', address: '', email: '' })

/** The fields of a counterparty as the form holds them. */
const formOf = (c: CounterpartyDto): CounterpartyForm => ({
  id: c.id,
  name: c.name,
  taxId: c.taxId,
  country: c.country,
  address: c.address,
  email: c.email,
})

const dataOf = ({ id: _, ...data }: CounterpartyForm) => data

/** The form's problems found by the core's rule (the one the server applies), shown once a field was left. */
const problemsOf = (form: CounterpartyForm): Record<string, string> => {
  const v = readCounterparty(dataOf(form))
  return v.ok ? {} : Object.fromEntries(v.errors.map((e) => [e.field, e.message]))
}

const CounterpartyEditor = ({
  form,
  setForm,
  serverErrors,
  busy,
  onSave,
  onCancel,
}: {
  form: CounterpartyForm
  setForm: (f: CounterpartyForm) => void
  serverErrors: Record<string, string>
  busy: boolean
  onSave: () => void
  onCancel: () => void
}) => {
  const { t } = useLingui()
  const say = useInvoiceMessage()
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set())
  const first = useRef<HTMLInputElement | null>(null)
  useEffect(() => first.current?.focus(), [])
  const live = problemsOf(form)
  const err = (field: string) => {
    const m = serverErrors[field] ?? (touched.has(field) ? live[field] : undefined)
    return m ? say(m) : undefined
  }
  const field = (name: keyof Omit<CounterpartyForm, 'id'>) => ({
    name,
    value: form[name],
    error: err(name),
    onBlur: () => setTouched(new Set([...touched, name])),
    onChange: (e: { target: { value: string } }) =>
      setForm({ ...form, [name]: name === 'country' ? e.target.value.toUpperCase() : e.target.value }),
  })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    setTouched(new Set(['name', 'taxId', 'country', 'address', 'email']))
    onSave()
  }
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault()
      onCancel()
    }
  }
  return (
    <form className="invoices-card" onSubmit={submit} onKeyDown={onKey} aria-label={t`Counterparty`} noValidate>
      <h2>{form.id === null ? <Trans>New counterparty</Trans> : <Trans>Change the counterparty</Trans>}</h2>
      <div className="invoice-editor__row">
        <TextInput label={t`Name`} ref={first} required {...field('name')} />
        <TextInput
          label={t`NIP or tax id`}
          hint={t`A Polish NIP is checked as you type; a foreign buyer's tax id as given.`}
          inputMode="text"
          {...field('taxId')}
        />
        <TextInput label={t`Country`} maxLength={2} {...field('country')} />
      </div>
      <div className="invoice-editor__row">
        <TextInput label={t`Address`} {...field('address')} />
        <TextInput label={t`E-mail`} type="email" {...field('email')} />
      </div>
      <div className="invoices-page__buttons">
        <Button type="submit" disabled={busy}>
          {form.id === null ? <Trans>Add counterparty</Trans> : <Trans>Save changes</Trans>}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  )
}

export const CounterpartiesPage = ({ effects }: Props) => {
  const fx = useMemo(() => effects ?? createInvoicesApi(), [effects])
  const { t } = useLingui()
  const say = useInvoiceMessage()
  const messages = useMessages()
  const load = useCallback(() => fx.counterparties(), [fx])
  const { state, data: list, reload } = useLoad(load)
  const [form, setForm] = useState<CounterpartyForm | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formErrors, setFormErrors] = useState<string[]>([])
  const [busy, setBusy] = useState(false)

  const openForm = (f: CounterpartyForm) => {
    setForm(f)
    setErrors({})
    setFormErrors([])
  }

  /** Runs a write; a refusal shows each field's message and the rest above the form. */
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
      const fields = new Set(Object.values(e.fieldErrors))
      const rest = e.errors.filter((m) => !fields.has(m))
      if (form === null) messages.error(say(rest[0] ?? Object.values(e.fieldErrors)[0] ?? ''))
      else setFormErrors(rest.map(say))
    } finally {
      setBusy(false)
    }
  }

  const save = () => {
    if (!form) return
    const problems = problemsOf(form)
    if (Object.keys(problems).length > 0) {
      setErrors(problems)
      return
    }
    void act(() => fx.saveCounterparty(form.id, dataOf(form)), t`Counterparty saved`)
  }

  return (
    <div className="invoices-page" aria-busy={state === 'loading' || busy}>
      <h1>
        <Trans>Counterparties</Trans>
      </h1>
      <p>
        <Link to="/companydashboard/invoices">
          <Trans>Back to invoices</Trans>
        </Link>
      </p>
      {state === 'loading' && <Loader />}
      {state === 'failed' && (
        <div className="invoices-card" role="alert">
          <p>
            <Trans>The counterparties could not be loaded.</Trans>
          </p>
          <Button variant="secondary" onClick={() => void reload()}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      )}
      {state === 'ready' && list && (
        <>
          <div className="invoices-page__actions">
            <Button onClick={() => openForm(emptyForm())} disabled={form !== null}>
              <Trans>Add counterparty</Trans>
            </Button>
          </div>
          {form && (
            <>
              <FormErrors errors={formErrors} />
              <CounterpartyEditor
                form={form}
                setForm={setForm}
                serverErrors={errors}
                busy={busy}
                onSave={save}
                onCancel={() => setForm(null)}
              />
            </>
          )}
          {list.length === 0 ? (
            <p className="invoices__empty">
              <Trans>
                No counterparties yet. Add the first one, or type a buyer on an invoice: it is remembered here.
              </Trans>
            </p>
          ) : (
            <div className="invoices-scroll">
              <table className="table invoices-table">
                <caption>
                  <Trans>Counterparties</Trans>
                </caption>
                <thead>
                  <tr>
                    <th scope="col">
                      <Trans>Name</Trans>
                    </th>
                    <th scope="col">
                      <Trans>NIP or tax id</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Country</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Address</Trans>
                    </th>
                    <th scope="col">
                      <span className="visually-hidden">
                        <Trans>Actions</Trans>
                      </span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((c) => (
                    <tr key={c.id}>
                      <th scope="row">{c.name}</th>
                      <td>{c.taxId || '—'}</td>
                      <td>{c.country}</td>
                      <td>{c.address || '—'}</td>
                      <td className="invoices-table__actions">
                        <Button
                          variant="link"
                          aria-label={t`Change ${c.name}`}
                          disabled={busy}
                          onClick={() => openForm(formOf(c))}
                        >
                          <Trans>Change</Trans>
                        </Button>
                        <Button
                          variant="link"
                          aria-label={t`Delete ${c.name}`}
                          disabled={busy}
                          onClick={() => void act(() => fx.removeCounterparty(c.id), t`Counterparty deleted`)}
                        >
                          <Trans>Delete</Trans>
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </div>
  )
}
