/**
 * The VAT card's refund: where the period ends with an excess of input VAT (P_53), the user may ask for all or part of
 * it back instead of carrying it forward (uVAT art. 87; docs/tax-rules.md "VAT refunds"), in one of the terms the
 * period's declaration offers, with part of it set against future tax liabilities. Saved through
 * `PUT vat/refund/{month}` (withdrawn with DELETE); the month is then read again, so the card, the next period's
 * carry and the JPK_V7 file show the refund. A refusal names each field in the user's language.
 */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  generalVatRefundTerm,
  VAT_REFUND_DAYS,
  VAT_REFUND_FORTY_DAYS_FROM,
  type VatRefundTerm,
  vatRefundTermsFor,
} from '@finance/ledger-core'
import { type FormEvent, useId, useState } from 'react'
import { isApiError } from '../../../api/client.ts'
import { useFormat } from '../../../i18n/format.ts'
import { translateMessage } from '../../../i18n/serverMessages.ts'
import { Button, Checkbox, FormErrors, NumberInput, Select, TextInput } from '../../../ui/index.ts'
import { isPositive } from '../money.ts'
import type { Transaction } from '../types.ts'
import { Amount } from './Amount.tsx'

/** The core's messages (`VatRefundMessages`, English) in the user's language. */
const known: Record<string, MessageDescriptor> = {
  'Month must be in format yyyy-mm': msg`Month must be in format yyyy-mm`,
  'Refund must be a whole number of złoty greater than 0': msg`Refund must be a whole number of złoty greater than 0`,
  'Refund term must be one of days15, vatAccount25, days25, days40, days60, days180': msg`Choose the term of the refund`,
  'The amount set against future liabilities must be a whole number of złoty greater than 0': msg`The amount set against future liabilities must be a whole number of złoty greater than 0`,
  'The amount set against future liabilities must not be more than the refund': msg`The amount set against future liabilities must not be more than the refund`,
  'Name the future tax liability in at most 240 characters': msg`Name the future tax liability in at most 240 characters`,
  'The offset must be an object with amount and liability': msg`The offset must be an object with amount and liability`,
  'From February 2026 there is no 60-day refund: the general term is 40 days': msg`From February 2026 there is no 60-day refund: the general term is 40 days`,
}

/** What the panel asks of the API (the app's client by default; stories and tests pass fakes). */
export interface VatRefundEffects {
  readonly save: (month: string, body: unknown) => Promise<unknown>
  readonly withdraw: (month: string) => Promise<unknown>
  /** After a save or a withdrawal: the month is read again. */
  readonly onChanged: () => void
}

type Refund = NonNullable<Transaction['dataObject']['vatRefund']>

interface FormState {
  amount: string
  term: VatRefundTerm
  offset: boolean
  offsetAmount: string
  liability: string
}

/** `"1200.00"` → `"1200"`: the form asks for whole złoty. */
const whole = (m: string | null | undefined) => (m ? m.replace(/\.00$/, '') : '')

const stateOf = (r: Refund | undefined, month: string): FormState => ({
  amount: whole(r?.amount),
  term: r?.term ?? generalVatRefundTerm(month),
  offset: r?.offset != null,
  offsetAmount: whole(r?.offset?.amount),
  liability: r?.offset?.liability ?? '',
})

export const VatRefundPanel = ({ transaction, effects }: { transaction: Transaction; effects?: VatRefundEffects }) => {
  const { t, i18n } = useLingui()
  const fmt = useFormat()
  const headingId = useId()
  const d = transaction.dataObject
  const r = d.vatRefund
  const period = d.period
  const excess = d.breakdown?.P_53 ?? '0.00'
  const month = r?.month ?? period?.to ?? ''
  const [editing, setEditing] = useState(false)
  const [s, setS] = useState<FormState>(() => stateOf(r, month))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formErrors, setFormErrors] = useState<string[]>([])
  const [sending, setSending] = useState(false)
  if (!period || (!r && !isPositive(excess))) return null

  const text = (m: string) => {
    const k = known[m]
    return k ? i18n._(k) : translateMessage(i18n, m)
  }
  const termLabel = (term: VatRefundTerm): string => {
    switch (term) {
      case 'days15':
        return t`15 days, to the settlement account (art. 87 ust. 6a)`
      case 'vatAccount25':
        return t`25 days, to the VAT account (art. 87 ust. 6a)`
      case 'days25':
        return t`25 days, input VAT of paid invoices (art. 87 ust. 6)`
      case 'days40':
        return month >= VAT_REFUND_FORTY_DAYS_FROM
          ? t`40 days, the general term (art. 87 ust. 2)`
          : t`40 days, invoices issued in KSeF (art. 87 ust. 6i)`
      case 'days60':
        return t`60 days, the general term (art. 87 ust. 2)`
      case 'days180':
        return t`180 days, no taxed sales in the period (art. 87 ust. 5a)`
    }
  }
  const fail = (err: unknown) => {
    if (isApiError(err) && err.status === 400) {
      setErrors(Object.fromEntries(Object.entries(err.fieldErrors).map(([k, v]) => [k, text(v)])))
      if (Object.keys(err.fieldErrors).length === 0) setFormErrors(err.errors.map(text))
    } else setFormErrors([t`Response error, can not connect to API.`])
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!effects) return
    setSending(true)
    setErrors({})
    setFormErrors([])
    try {
      await effects.save(month, {
        amount: s.amount,
        term: s.term,
        offset: s.offset ? { amount: s.offsetAmount, liability: s.liability } : null,
      })
      setEditing(false)
      effects.onChanged()
    } catch (err) {
      fail(err)
    } finally {
      setSending(false)
    }
  }
  const withdraw = async () => {
    if (!effects) return
    setSending(true)
    setFormErrors([])
    try {
      await effects.withdraw(month)
      effects.onChanged()
    } catch (err) {
      fail(err)
    } finally {
      setSending(false)
    }
  }
  /** A field changed: its refusal goes with the value it was about. */
  const edit = (field: string, patch: Partial<FormState>) => {
    setS({ ...s, ...patch })
    if (errors[field]) {
      const { [field]: _gone, ...rest } = errors
      setErrors(rest)
    }
  }
  const open = () => {
    setS(stateOf(r, month))
    setErrors({})
    setFormErrors([])
    setEditing(true)
  }

  return (
    <section className="vat-refund" aria-labelledby={headingId}>
      <h4 id={headingId}>
        <Trans>VAT refund</Trans>
      </h4>
      {r ? (
        <>
          {isPositive(r.refunded) ? (
            <p data-testid="vat-refund-state">
              <Trans>
                Refund of <Amount value={r.refunded} /> asked for, within {VAT_REFUND_DAYS[r.term]} days of filing: by{' '}
                {fmt.date(r.lastDay)} if the return is filed on {fmt.date(d.dueDate ?? r.lastDay)}.
              </Trans>
            </p>
          ) : (
            <p data-testid="vat-refund-state">
              <Trans>A refund is asked for, but this period has no excess of input VAT to refund.</Trans>
            </p>
          )}
          {r.amount !== null && isPositive(r.refunded) && r.amount !== r.refunded && (
            <p className="vat-refund__note">
              <Trans>
                Asked for <Amount value={r.amount} />: the excess is smaller, so all of it is refunded.
              </Trans>
            </p>
          )}
          {isPositive(r.offsetApplied) && r.offset && (
            <p className="vat-refund__note">
              <Trans>
                Of it <Amount value={r.offsetApplied} /> is set against: {r.offset.liability}.
              </Trans>
            </p>
          )}
        </>
      ) : (
        <p data-testid="vat-refund-state">
          <Trans>
            The excess of <Amount value={excess} /> is carried to the next period. You may ask for it back instead.
          </Trans>
        </p>
      )}
      <FormErrors errors={editing ? [] : formErrors} />
      {effects && !editing && (
        <div className="vat-refund__actions">
          <Button variant="secondary" onClick={open} disabled={sending}>
            {r ? <Trans>Change the refund</Trans> : <Trans>Ask for a refund</Trans>}
          </Button>
          {r && (
            <Button variant="secondary" onClick={withdraw} disabled={sending} aria-busy={sending}>
              <Trans>Withdraw the refund</Trans>
            </Button>
          )}
        </div>
      )}
      {effects && editing && (
        <form className="vat-refund__form" onSubmit={submit} noValidate data-testid="vat-refund-form">
          <FormErrors errors={formErrors} />
          <NumberInput
            label={t`Amount to refund (whole złoty)`}
            step="1"
            min="1"
            value={s.amount}
            onChange={(e) => edit('amount', { amount: e.target.value })}
            error={errors.amount}
            hint={
              <Trans>
                Leave blank for the whole excess of <Amount value={excess} />; the rest is carried forward.
              </Trans>
            }
          />
          <Select
            label={t`Term`}
            value={s.term}
            onChange={(e) => edit('term', { term: e.target.value as VatRefundTerm })}
            error={errors.term}
            options={vatRefundTermsFor(month).map((term) => ({ value: term, label: termLabel(term) }))}
            hint={t`The shorter terms have conditions of their own in art. 87; the tax office checks them.`}
          />
          <Checkbox
            label={t`Set part of the refund against future tax liabilities`}
            checked={s.offset}
            onChange={(e) => setS({ ...s, offset: e.target.checked })}
          />
          {s.offset && (
            <>
              <NumberInput
                label={t`Amount set against them (whole złoty)`}
                step="1"
                min="1"
                value={s.offsetAmount}
                onChange={(e) => edit('offset.amount', { offsetAmount: e.target.value })}
                error={errors['offset.amount']}
              />
              <TextInput
                label={t`Which liability`}
                maxLength={240}
                value={s.liability}
                onChange={(e) => edit('offset.liability', { liability: e.target.value })}
                error={errors['offset.liability']}
                placeholder={t`e.g. PIT advance for May 2026`}
              />
            </>
          )}
          <div className="vat-refund__actions">
            <Button type="submit" disabled={sending} aria-busy={sending}>
              <Trans>Save the refund</Trans>
            </Button>
            <Button variant="secondary" onClick={() => setEditing(false)} disabled={sending}>
              <Trans>Cancel</Trans>
            </Button>
          </div>
        </form>
      )}
    </section>
  )
}
