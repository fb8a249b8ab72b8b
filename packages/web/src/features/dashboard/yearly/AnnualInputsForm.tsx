/**
 * The year end's form of the return's common items (docs/tax-rules.md, "The annual return's common items"): losses
 * of earlier years, IKZE payments, the spouse (joint filing on the Scale, the child relief's income limit) and the
 * children. Saved whole through `PUT transaction/annual/{year}/inputs`; a refusal names each field in the user's
 * language, and the return above shows what the items changed.
 */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import { isApiError } from '../../../api/client.ts'
import { useFormat } from '../../../i18n/format.ts'
import { translateMessage } from '../../../i18n/serverMessages.ts'
import { Button } from '../../../ui/Button.tsx'
import { Card } from '../../../ui/Card.tsx'
import { Checkbox, FormErrors, NumberInput } from '../../../ui/index.ts'
import { Amount } from '../components/Amount.tsx'
import type { AnnualReport } from './yearEnd.ts'

/** The core's messages (`AnnualInputsMessages`, English) in the user's language. */
const known: Record<string, MessageDescriptor> = {
  'Year must be a whole number from 1900 to 2100': msg`Year must be a whole number from 1900 to 2100`,
  'A loss can be deducted only in the five years after the year it was incurred': msg`A loss can be deducted only in the five years after the year it was incurred`,
  'Loss must be a positive number with at most 2 decimals': msg`Loss must be a positive number with at most 2 decimals`,
  'Deducted earlier must be a number with at most 2 decimals, not negative': msg`Deducted earlier must be a number with at most 2 decimals, not negative`,
  'Deducted earlier must not be more than the loss': msg`Deducted earlier must not be more than the loss`,
  'Each year’s loss may be entered once': msg`Each year’s loss may be entered once`,
  'Must be true or false': msg`Must be true or false`,
  'IKZE payments must be a number with at most 2 decimals, not negative': msg`IKZE payments must be a number with at most 2 decimals, not negative`,
  'IKZE payments are over the year’s limit for a person running a business': msg`IKZE payments are over the year’s limit for a person running a business`,
  'Spouse’s income must be a number with at most 2 decimals, not negative': msg`Spouse’s income must be a number with at most 2 decimals, not negative`,
  'Spouse must be an object with jointFiling, income and advances': msg`Spouse must be an object with jointFiling, income and advances`,
  'Spouse’s advances must be a number with at most 2 decimals, not negative': msg`Spouse’s advances must be a number with at most 2 decimals, not negative`,
  'Months must be a whole number from 1 to 12': msg`Months must be a whole number from 1 to 12`,
  'Too many entries': msg`Too many entries`,
  'Losses must be a list of objects with year, amount, deductedBefore and oneOff': msg`Losses must be a list of objects with year, amount, deductedBefore and oneOff`,
  'Children must be a list of objects with months and disabled': msg`Children must be a list of objects with months and disabled`,
  'A single parent cannot also give a spouse': msg`A single parent cannot also give a spouse`,
}

type Inputs = NonNullable<AnnualReport['inputs']>

interface LossRow {
  year: string
  amount: string
  deductedBefore: string
  oneOff: boolean
}
interface ChildRow {
  months: string
  disabled: boolean
}
interface FormState {
  losses: LossRow[]
  ikze: string
  married: boolean
  jointFiling: boolean
  spouseIncome: string
  spouseAdvances: string
  singleParent: boolean
  children: ChildRow[]
}

const zeroToBlank = (m: string) => (m === '0.00' ? '' : m)

const stateOf = (i: Inputs | null | undefined): FormState => ({
  losses: (i?.losses ?? []).map((l) => ({
    year: String(l.year),
    amount: l.amount,
    deductedBefore: zeroToBlank(l.deductedBefore),
    oneOff: l.oneOff,
  })),
  ikze: zeroToBlank(i?.ikze ?? '0.00'),
  married: i?.spouse != null,
  jointFiling: i?.spouse?.jointFiling ?? false,
  spouseIncome: zeroToBlank(i?.spouse?.income ?? '0.00'),
  spouseAdvances: zeroToBlank(i?.spouse?.advances ?? '0.00'),
  singleParent: i?.singleParent ?? false,
  children: (i?.children ?? []).map((c) => ({ months: String(c.months), disabled: c.disabled })),
})

/** The request body: what the core validates (blank amounts read as 0). */
export const bodyOf = (s: FormState) => ({
  losses: s.losses.map((l) => ({ year: l.year, amount: l.amount, deductedBefore: l.deductedBefore, oneOff: l.oneOff })),
  ikze: s.ikze,
  spouse: s.married ? { jointFiling: s.jointFiling, income: s.spouseIncome, advances: s.spouseAdvances } : null,
  singleParent: s.singleParent,
  children: s.children.map((c) => ({ months: c.months, disabled: c.disabled })),
})

/** A checkbox with the server's error under it. */
const Check = ({
  label,
  checked,
  onChange,
  error,
}: {
  label: string
  checked: boolean
  onChange: (v: boolean) => void
  error?: string
}) => (
  <>
    <Checkbox label={label} checked={checked} onChange={(e) => onChange(e.target.checked)} />
    {error && (
      <div className="field__error" role="alert">
        {error}
      </div>
    )}
  </>
)

export const AnnualInputsForm = ({
  report,
  save,
  onSaved,
}: {
  report: AnnualReport
  save: (year: number, body: unknown) => Promise<AnnualReport>
  onSaved: (report: AnnualReport) => void
}) => {
  const { t, i18n } = useLingui()
  const fmt = useFormat()
  const oneOffLimit = fmt.money('5000000')
  const text = (m: string) => {
    const d = known[m]
    return d ? i18n._(d) : translateMessage(i18n, m)
  }
  const [s, setS] = useState<FormState>(() => stateOf(report.inputs))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formErrors, setFormErrors] = useState<string[]>([])
  const [sending, setSending] = useState(false)
  const [saved, setSaved] = useState(false)
  const limits = report.inputLimits
  const scale = report.annualReturn?.taxType === 'Scale'
  const flat = report.annualReturn?.taxType === 'Flat'
  const setLoss = (i: number, patch: Partial<LossRow>) =>
    setS({ ...s, losses: s.losses.map((l, j) => (j === i ? { ...l, ...patch } : l)) })
  const setChild = (i: number, patch: Partial<ChildRow>) =>
    setS({ ...s, children: s.children.map((c, j) => (j === i ? { ...c, ...patch } : c)) })

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setSending(true)
    setSaved(false)
    setErrors({})
    setFormErrors([])
    try {
      const next = await save(report.year, bodyOf(s))
      setSaved(true)
      onSaved(next)
    } catch (err) {
      if (isApiError(err) && err.status === 400) {
        setErrors(Object.fromEntries(Object.entries(err.fieldErrors).map(([k, v]) => [k, text(v)])))
        if (Object.keys(err.fieldErrors).length === 0) setFormErrors(err.errors.map(text))
      } else setFormErrors([t`Response error, can not connect to API.`])
    } finally {
      setSending(false)
    }
  }

  return (
    <Card
      className="year-end__card year-end__inputs"
      headingLevel={3}
      title={t`The return's items beyond the books ${report.year}`}
    >
      <form onSubmit={submit} noValidate data-testid="annual-inputs">
        <FormErrors errors={formErrors} />
        <fieldset>
          <legend>
            <Trans>Losses of earlier years</Trans>
          </legend>
          <p className="year-end__note">
            <Trans>
              A loss is deducted in the five years after it: at most half of it in one year, or once up to{' '}
              <Amount value={limits?.lossOneOff ?? '5000000.00'} />.
            </Trans>
            {flat && (
              <>
                {' '}
                <Trans>On ryczałt only losses of years on the general rules are deducted, from revenue.</Trans>
              </>
            )}
          </p>
          {s.losses.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and have no identity of their own
            <div className="year-end__row" key={i} data-loss={i}>
              <NumberInput
                label={t`Year of the loss`}
                step="1"
                value={l.year}
                onChange={(e) => setLoss(i, { year: e.target.value })}
                error={errors[`losses.${i}.year`]}
              />
              <NumberInput
                label={t`Loss`}
                value={l.amount}
                onChange={(e) => setLoss(i, { amount: e.target.value })}
                error={errors[`losses.${i}.amount`]}
              />
              <NumberInput
                label={t`Deducted in earlier returns`}
                value={l.deductedBefore}
                onChange={(e) => setLoss(i, { deductedBefore: e.target.value })}
                error={errors[`losses.${i}.deductedBefore`]}
              />
              <Check
                label={t`One-off deduction (up to ${oneOffLimit})`}
                checked={l.oneOff}
                onChange={(oneOff) => setLoss(i, { oneOff })}
                error={errors[`losses.${i}.oneOff`]}
              />
              <Button variant="secondary" onClick={() => setS({ ...s, losses: s.losses.filter((_, j) => j !== i) })}>
                <Trans>Remove the loss</Trans>
              </Button>
            </div>
          ))}
          <Button
            variant="secondary"
            onClick={() =>
              setS({
                ...s,
                losses: [...s.losses, { year: String(report.year - 1), amount: '', deductedBefore: '', oneOff: false }],
              })
            }
          >
            <Trans>Add a loss</Trans>
          </Button>
        </fieldset>
        <fieldset>
          <legend>
            <Trans>IKZE</Trans>
          </legend>
          <NumberInput
            label={t`IKZE payments made in the year`}
            value={s.ikze}
            onChange={(e) => setS({ ...s, ikze: e.target.value })}
            error={errors.ikze}
            hint={
              limits ? <Trans>The limit for a person running a business: {fmt.money(limits.ikze)}</Trans> : undefined
            }
          />
        </fieldset>
        <fieldset>
          <legend>
            <Trans>Spouse and children</Trans>
          </legend>
          {!scale && (
            <p className="year-end__note">
              <Trans>Joint filing and the child relief are only for the tax scale.</Trans>
            </p>
          )}
          <Check
            label={t`Married all year`}
            checked={s.married}
            onChange={(married) => setS({ ...s, married, singleParent: married ? false : s.singleParent })}
          />
          {s.married && (
            <>
              <Check
                label={t`File jointly with the spouse`}
                checked={s.jointFiling}
                onChange={(jointFiling) => setS({ ...s, jointFiling })}
                error={errors['spouse.jointFiling']}
              />
              <NumberInput
                label={t`Spouse's income less social contributions`}
                value={s.spouseIncome}
                onChange={(e) => setS({ ...s, spouseIncome: e.target.value })}
                error={errors['spouse.income']}
              />
              <NumberInput
                label={t`Spouse's tax advances of the year`}
                value={s.spouseAdvances}
                onChange={(e) => setS({ ...s, spouseAdvances: e.target.value })}
                error={errors['spouse.advances']}
              />
            </>
          )}
          {!s.married && (
            <Check
              label={t`Bringing up the children alone`}
              checked={s.singleParent}
              onChange={(singleParent) => setS({ ...s, singleParent })}
              error={errors.singleParent}
            />
          )}
          {s.children.map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the order of children sets their amounts
            <div className="year-end__row" key={i} data-child={i}>
              <NumberInput
                label={t`Child ${i + 1}: months in the year`}
                step="1"
                value={c.months}
                onChange={(e) => setChild(i, { months: e.target.value })}
                error={errors[`children.${i}.months`]}
              />
              <Check
                label={t`With a disability`}
                checked={c.disabled}
                onChange={(disabled) => setChild(i, { disabled })}
              />
              <Button
                variant="secondary"
                onClick={() => setS({ ...s, children: s.children.filter((_, j) => j !== i) })}
              >
                <Trans>Remove the child</Trans>
              </Button>
            </div>
          ))}
          <Button
            variant="secondary"
            onClick={() => setS({ ...s, children: [...s.children, { months: '12', disabled: false }] })}
          >
            <Trans>Add a child</Trans>
          </Button>
        </fieldset>
        <Button type="submit" disabled={sending}>
          <Trans>Save and recompute the return</Trans>
        </Button>
        {saved && (
          <p role="status" className="year-end__note">
            <Trans>Saved: the return above is recomputed.</Trans>
          </p>
        )}
      </form>
    </Card>
  )
}
