/**
 * companydashboard/invoices/counterparties: the buyers (and suppliers) invoices are filled from. The list, a form to
 * add or change one (a Polish NIP checked as it is typed, by the core's own rule, each field's message in the user's
 * language) and deletion; a buyer typed on an invoice is remembered here on save. Loading, a failed load (with a
 * retry) and an empty list each have their own state.
 */
import { readCounterparty } from '@finance/ledger-core'
import { Trans, useLingui } from '@lingui/react/macro'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { Button, TextInput } from '../../ui/index.ts'
import { type CounterpartyDto, createInvoicesApi, type InvoicesApi } from './api.ts'
import { type EditorProps, ListEditor, ListPage, useListForm } from './ListPage.tsx'
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

const CounterpartyEditor = ({ form, setForm, serverErrors, busy, onSave, onCancel }: EditorProps<CounterpartyForm>) => {
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
  const save = () => {
    setTouched(new Set(['name', 'taxId', 'country', 'address', 'email']))
    onSave()
  }
  return (
    <ListEditor
      label={t`Counterparty`}
      isNew={form.id === null}
      newTitle={<Trans>New counterparty</Trans>}
      changeTitle={<Trans>Change the counterparty</Trans>}
      addLabel={<Trans>Add counterparty</Trans>}
      busy={busy}
      onSave={save}
      onCancel={onCancel}
    >
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
    </ListEditor>
  )
}

export const CounterpartiesPage = ({ effects }: Props) => {
  const fx = useMemo(() => effects ?? createInvoicesApi(), [effects])
  const { t } = useLingui()
  const load = useCallback(() => fx.counterparties(), [fx])
  const { state, data: list, reload } = useLoad(load)
  const { form, setErrors, formErrors, busy, openForm, act, editorProps } = useListForm<CounterpartyForm>(reload)

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
    <ListPage
      title={t`Counterparties`}
      state={state}
      list={list}
      reload={reload}
      busy={busy}
      failed={<Trans>The counterparties could not be loaded.</Trans>}
      addLabel={<Trans>Add counterparty</Trans>}
      onAdd={() => openForm(emptyForm())}
      formErrors={formErrors}
      editor={form && <CounterpartyEditor {...editorProps(form, save)} />}
      empty={
        <Trans>No counterparties yet. Add the first one, or type a buyer on an invoice: it is remembered here.</Trans>
      }
      columns={[t`Name`, t`NIP or tax id`, t`Country`, t`Address`, { label: t`Actions`, hidden: true }]}
      row={(c) => (
        <tr key={c.id}>
          <th scope="row">{c.name}</th>
          <td data-label={t`NIP or tax id`}>{c.taxId || '—'}</td>
          <td data-label={t`Country`}>{c.country}</td>
          <td data-label={t`Address`}>{c.address || '—'}</td>
          <td className="invoices-table__actions">
            <Button variant="link" aria-label={t`Change ${c.name}`} disabled={busy} onClick={() => openForm(formOf(c))}>
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
      )}
    />
  )
}
