/**
 * /setup: the first-run set-up. Five steps — the company (name, NIP, tax office, the day the business started), VAT
 * (payer since when, monthly or quarterly), the form of taxation per year, ZUS (full or preferential, since when)
 * and a summary — then the effective-dated records are written through the API, and the summary shows what the
 * first months owe. Every step is checked before the next; all of them again before the first write.
 * Keyboard: each step is a form (Enter goes on), Back and Next are buttons, the step's heading takes the focus.
 */
import { TAX_OFFICES } from '@finance/ledger-core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { Link } from 'react-router'
import { api, isApiError } from '../../api/client.ts'
import { ChecksumOverride, useTranslateMessage } from '../../forms/index.ts'
import { apiServices } from '../../forms/lib/services.ts'
import { useFormat } from '../../i18n/format.ts'
import { translateMessage } from '../../i18n/serverMessages.ts'
import { Button, Card, DateField, FormErrors, Select, TextInput } from '../../ui/index.ts'
import { localToday } from '../../ui/DatePicker.tsx'
import type { TaxType } from '../fees/lib/prefill.ts'
import {
  answersFrom,
  emptyAnswers,
  firstMonths,
  fullZusFrom,
  nipWarningOf,
  problemsOf,
  setupBodyOf,
  type SettingsOnFile,
  settingsFrom,
  STEPS,
  type SetupAnswers,
  type SetupField,
  type SetupProblem,
  type SetupBody,
  type SetupStep,
  taxTypeOf,
  yearsOf,
  zusSettingsOf,
} from './setupPlan.ts'
import './setup.css'

/** A month's row of what is owed, as the dashboard's month answers it. */
export interface OwedRow {
  readonly id: string
  readonly date: string
  readonly eventType: string
  readonly dataObject: { readonly sum: string; readonly dueDate?: string | null }
}

export interface SetupEffects {
  /** Writes the whole set-up in one request (all of it or, on any error, nothing). */
  setUp(body: SetupBody): Promise<unknown>
  /** The rows of the month of `date` (yyyy-mm-01). */
  loadMonth(date: string): Promise<readonly OwedRow[]>
  /** The company data already saved (its current record), to start from when the set-up is reopened. */
  loadCompany?(): Promise<CompanyOnFile | null>
  /** The VAT, PIT and ZUS settings already saved, to start from when the set-up is reopened. */
  loadSettings?(): Promise<SettingsOnFile>
}

/** The company record's fields the set-up asks for again. */
export type CompanyOnFile = Readonly<Record<string, unknown>>

export const apiSetupEffects: SetupEffects = {
  setUp: (body) => api.post('setup', body),
  loadMonth: (date) => api.get<OwedRow[]>(`transaction/getCurrentMonth/${date}`),
  // The record services' current company record: the one `GetByType` answers, read from its list (none yet is an
  // empty list, not a 404 in the console).
  loadCompany: async () => (await apiServices(api).getCurrent('Primary'))?.dataObject ?? null,
  loadSettings: async () => {
    const services = apiServices(api)
    const [vat = [], pit = [], zus = []] = await Promise.all(
      (['Vat', 'Pit', 'SocialSecurity'] as const).map((t) => services.list(t)),
    )
    return { vat, pit, zus }
  },
}

const PROBLEMS = {
  required: msg`Fill this in`,
  nip: msg`NIP must be ten digits`,
  taxOffice: msg`Choose a tax office from the list (its four-digit code)`,
  date: msg`Enter a date as YYYY-MM-DD`,
  // Said of the value typed, as the other forms say it of their field: "2026-02-30 is not a real date".
  notADay: null,
  beforeStart: msg`This date cannot be before the business started`,
  flatPercent: msg`Choose a ryczałt rate of that year`,
  preferentialOver: msg`Preferential ZUS is paid only for the first 24 calendar months of the business: choose full ZUS`,
} satisfies Record<SetupProblem, ReturnType<typeof msg> | null>

const TAX_EVENT_TYPES = ['3_Vat', '4_Pit', '5_SocialSecurity']

type Props = {
  /** The writes and the month reads (the real API without them). */
  effects?: SetupEffects
  today?: string
}

export const SetupWizard = ({ effects = apiSetupEffects, today: givenToday }: Props) => {
  const { t, i18n } = useLingui()
  const fmt = useFormat()
  const today = givenToday ?? localToday()
  const [answers, setAnswers] = useState<SetupAnswers>(() => emptyAnswers(today))
  const untouched = useRef(answers)
  const [step, setStep] = useState<SetupStep>('company')
  const [shown, setShown] = useState<Partial<Record<SetupField, SetupProblem>>>({})
  const [saving, setSaving] = useState(false)
  const [errors, setErrors] = useState<string[]>([])
  // A NIP whose check digit does not hold: warned of on "Next", which goes on once the user ticks the box (as "Save
  // anyway" on the company page); both are taken back when the NIP changes.
  const [nipWarned, setNipWarned] = useState(false)
  const [nipAccepted, setNipAccepted] = useState(false)
  const translate = useTranslateMessage()
  const [owed, setOwed] = useState<{ month: string; rows: readonly OwedRow[] }[] | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const officesId = useId()
  const index = STEPS.indexOf(step)
  const years = yearsOf(answers, today)

  // Reopened from Settings: start from the company data and the settings on file (the form of taxation of each
  // year, ZUS, the VAT period), unless something was typed meanwhile: an unchanged pass writes nothing new.
  useEffect(() => {
    let live = true
    if (!effects.loadCompany) return
    Promise.all([effects.loadCompany(), effects.loadSettings?.().catch(() => null) ?? null]).then(
      ([company, settings]) => {
        if (live && company)
          setAnswers((a) => (a === untouched.current ? settingsFrom(settings, answersFrom(a, company), today) : a))
      },
      () => {},
    )
    return () => {
      live = false
    }
  }, [effects, today])

  // biome-ignore lint/correctness/useExhaustiveDependencies: the focus follows the step
  useEffect(() => {
    heading.current?.focus()
  }, [step, owed])

  /** Takes back the problems of `fields`: a field's message goes once the field changes, as in the other forms. */
  const clear = (...fields: SetupField[]) =>
    setShown((s) => {
      if (!fields.some((f) => f in s)) return s
      const rest = { ...s }
      for (const f of fields) delete rest[f]
      return rest
    })
  const set = <K extends keyof SetupAnswers>(key: K, value: SetupAnswers[K]) => {
    setAnswers((a) => ({ ...a, [key]: value }))
    // A form of taxation changed may change which rate is asked for; the kind of ZUS, whether its day can be.
    clear(key === 'taxTypes' ? 'flatPercent' : key === 'zusKind' ? 'zusSince' : (key as SetupField))
  }
  const problem = (f: SetupField) => {
    const p = shown[f]
    if (!p) return undefined
    const field = answers[f as 'startDate' | 'vatSince' | 'zusSince']
    return p === 'notADay' ? i18n._(msg`${field} is not a real date`) : i18n._(PROBLEMS[p])
  }

  const nipWarning = nipWarned ? nipWarningOf(answers) : undefined

  const next = (e: FormEvent) => {
    e.preventDefault()
    const found = problemsOf(answers, step, today)
    setShown(found)
    if (Object.keys(found).length > 0) return
    if (step === 'company' && nipWarningOf(answers) !== undefined && !nipAccepted) {
      setNipWarned(true)
      return
    }
    if (step === 'summary') void saveAll()
    else setStep(STEPS[index + 1] as SetupStep)
  }

  const saveAll = async () => {
    const all = problemsOf(answers, 'all', today)
    if (Object.keys(all).length > 0) {
      setShown(all)
      return
    }
    setSaving(true)
    setErrors([])
    try {
      await effects.setUp(setupBodyOf(answers, today))
      const months = firstMonths(answers)
      const loaded = await Promise.all(months.map((m) => effects.loadMonth(`${m}-01`)))
      setOwed(
        months.map((month, i) => ({
          month,
          rows: (loaded[i] ?? []).filter((r) => TAX_EVENT_TYPES.includes(r.eventType)),
        })),
      )
    } catch (e) {
      const found = isApiError(e) ? [...new Set([...Object.values(e.fieldErrors), ...e.errors])] : []
      setErrors(
        found.length > 0 ? found.map((m) => translateMessage(i18n, m)) : [t`Response error, can not connect to API.`],
      )
    } finally {
      setSaving(false)
    }
  }

  const stepTitles: Record<SetupStep, string> = {
    company: t`Your company`,
    vat: t`VAT`,
    pit: t`Income tax`,
    zus: t`ZUS contributions`,
    summary: t`Summary`,
  }
  const taxTypeNames: Record<TaxType, string> = {
    Scale: t`tax scale (12% / 32%)`,
    Linear: t`linear tax (19%)`,
    Flat: t`ryczałt (lump sum on revenue)`,
  }
  const rowName = (r: OwedRow) =>
    r.eventType === '3_Vat' ? t`VAT` : r.eventType === '4_Pit' ? t`PIT advance` : t`ZUS contributions`

  if (owed !== null)
    return (
      <Card headingLevel={1} title={t`Your books are set up`}>
        <h2 ref={heading} tabIndex={-1} className="setup__step-title">
          <Trans>What the first months owe</Trans>
        </h2>
        <p>
          <Trans>
            From the settings just saved, before any income or cost is entered, under the month each payment is due. VAT
            and the PIT advance follow the incomes and costs you record; the contributions are due whatever the income.
          </Trans>
        </p>
        {owed.map(({ month, rows }) => (
          <section key={month} className="setup__month" aria-label={month}>
            <h3>{fmt.month(month)}</h3>
            {rows.length === 0 ? (
              <p className="muted">
                <Trans>Nothing to pay for this month yet.</Trans>
              </p>
            ) : (
              <ul>
                {rows.map((r) => (
                  <li key={r.id}>
                    {rowName(r)}: <strong>{fmt.money(r.dataObject.sum)}</strong>
                    {r.dataObject.dueDate ? <> · {t`due ${fmt.date(r.dataObject.dueDate)}`}</> : null}
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))}
        <p>
          <Link to="/dashboard/monthly">
            <Trans>Go to the monthly dashboard</Trans>
          </Link>
        </p>
      </Card>
    )

  return (
    <Card headingLevel={1} title={t`Set up your books`}>
      <ol className="setup__steps" aria-label={t`Steps`}>
        {STEPS.map((s, i) => (
          <li key={s} aria-current={s === step ? 'step' : undefined} className={i < index ? 'setup__done' : undefined}>
            {i + 1}. {stepTitles[s]}
          </li>
        ))}
      </ol>
      <form onSubmit={next} noValidate aria-labelledby="setup-step-title">
        <h2 id="setup-step-title" ref={heading} tabIndex={-1} className="setup__step-title">
          {t`Step ${index + 1} of ${STEPS.length}: ${stepTitles[step]}`}
        </h2>
        {step === 'company' && (
          <>
            <TextInput
              label={t`Company name`}
              value={answers.companyName}
              error={problem('companyName')}
              onChange={(e) => set('companyName', e.target.value)}
              autoComplete="organization"
            />
            <TextInput
              label={t`NIP`}
              value={answers.nip}
              error={problem('nip') ?? (nipWarning === undefined ? undefined : translate(nipWarning, t`NIP`))}
              inputMode="numeric"
              onChange={(e) => {
                set('nip', e.target.value)
                setNipWarned(false)
                setNipAccepted(false)
              }}
            />
            {nipWarning !== undefined && (
              <ChecksumOverride checked={nipAccepted} onChange={setNipAccepted} label={t`Go on anyway`} />
            )}
            <TextInput
              label={t`First name`}
              value={answers.ownerName}
              onChange={(e) => set('ownerName', e.target.value)}
              autoComplete="given-name"
            />
            <TextInput
              label={t`Last name`}
              value={answers.ownerLastName}
              onChange={(e) => set('ownerLastName', e.target.value)}
              autoComplete="family-name"
            />
            <TextInput
              label={t`Tax office`}
              hint={t`Type its code or town, e.g. 1471 or Warszawa, and choose from the list`}
              value={answers.taxOfficeCode}
              error={problem('taxOfficeCode')}
              list={officesId}
              onChange={(e) => set('taxOfficeCode', e.target.value)}
            />
            <datalist id={officesId}>
              {TAX_OFFICES.map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </datalist>
            <DateField
              label={t`The business started on`}
              value={answers.startDate}
              error={problem('startDate')}
              onChange={(e) => {
                const v = e.target.value
                // The VAT and ZUS dates are checked against the start: their problems go with it.
                clear('startDate', 'vatSince', 'zusSince')
                setAnswers((a) => ({
                  ...a,
                  startDate: v,
                  // The VAT and ZUS dates follow the start until the user sets them apart.
                  vatSince: a.vatSince === a.startDate ? v : a.vatSince,
                  zusSince: a.zusSince === a.startDate ? v : a.zusSince,
                }))
              }}
            />
          </>
        )}
        {step === 'vat' && (
          <>
            <Select
              label={t`Are you a VAT payer?`}
              value={answers.vatPayer ? 'yes' : 'no'}
              options={[
                { value: 'yes', label: t`Yes, a registered VAT payer` },
                { value: 'no', label: t`No (exempt)` },
              ]}
              onChange={(e) => set('vatPayer', e.target.value === 'yes')}
            />
            {answers.vatPayer && (
              <>
                <DateField
                  label={t`VAT payer since`}
                  value={answers.vatSince}
                  error={problem('vatSince')}
                  onChange={(e) => set('vatSince', e.target.value)}
                />
                <Select
                  label={t`VAT is settled`}
                  value={String(answers.vatInterval)}
                  options={[
                    { value: '1', label: t`monthly (JPK_V7M)` },
                    { value: '3', label: t`quarterly (JPK_V7K)` },
                  ]}
                  onChange={(e) => set('vatInterval', e.target.value === '3' ? 3 : 1)}
                />
              </>
            )}
          </>
        )}
        {step === 'pit' && (
          <>
            {years.map((year) => (
              <Select
                key={year}
                label={t`Form of taxation in ${year}`}
                value={taxTypeOf(answers, year, years)}
                options={(['Scale', 'Linear', 'Flat'] as const).map((v) => ({ value: v, label: taxTypeNames[v] }))}
                onChange={(e) => set('taxTypes', { ...answers.taxTypes, [year]: e.target.value as TaxType })}
              />
            ))}
            {years.some((y) => taxTypeOf(answers, y, years) === 'Flat') && (
              <TextInput
                label={t`Ryczałt rate (%)`}
                hint={t`The rate of your activity, e.g. 8.5, 12 or 15`}
                value={answers.flatPercent}
                error={problem('flatPercent')}
                inputMode="decimal"
                onChange={(e) => set('flatPercent', e.target.value)}
              />
            )}
          </>
        )}
        {step === 'zus' && (
          <>
            <Select
              label={t`Social contributions`}
              value={answers.zusKind}
              options={[
                { value: 'full', label: t`full ZUS` },
                { value: 'preferential', label: t`preferential ZUS (the first 24 months)` },
              ]}
              onChange={(e) => set('zusKind', e.target.value === 'preferential' ? 'preferential' : 'full')}
            />
            <DateField
              label={t`Paid since`}
              value={answers.zusSince}
              error={problem('zusSince')}
              onChange={(e) => set('zusSince', e.target.value)}
            />
          </>
        )}
        {step === 'summary' && (
          <dl className="setup__summary">
            <dt>{t`Company`}</dt>
            <dd>
              {answers.companyName} · NIP {answers.nip} · {t`tax office`} {answers.taxOfficeCode}
            </dd>
            <dt>{t`The business started on`}</dt>
            <dd>{fmt.date(answers.startDate)}</dd>
            <dt>{t`VAT`}</dt>
            <dd>
              {answers.vatPayer
                ? answers.vatInterval === 3
                  ? t`payer since ${fmt.date(answers.vatSince)}, quarterly`
                  : t`payer since ${fmt.date(answers.vatSince)}, monthly`
                : t`not a payer`}
            </dd>
            {years.map((year) => (
              <div key={year}>
                <dt>{t`Income tax ${year}`}</dt>
                <dd>{taxTypeNames[taxTypeOf(answers, year, years)]}</dd>
              </div>
            ))}
            <dt>{t`ZUS`}</dt>
            <dd>
              {answers.zusKind === 'full'
                ? t`full, since ${fmt.date(answers.zusSince)}`
                : t`preferential, since ${fmt.date(answers.zusSince)}; full from ${fmt.date(fullZusFrom(answers.startDate))}`}
              <ul className="setup__zus" aria-label={t`ZUS settings to be saved`}>
                {zusSettingsOf(answers, today).map((z) => {
                  const kind = z.kind === 'full' ? t`full ZUS` : t`preferential ZUS`
                  const date = fmt.date(z.date)
                  const amount = fmt.money(z.amount)
                  const percent = fmt.percent(z.percent)
                  return (
                    <li key={z.date}>
                      {z.taxType === 'Flat'
                        ? t`from ${date}: ${kind} ${amount} a month, health contribution by revenue (ryczałt)`
                        : t`from ${date}: ${kind} ${amount} a month, health contribution ${percent} of income`}
                    </li>
                  )
                })}
              </ul>
            </dd>
          </dl>
        )}
        <FormErrors errors={errors} />
        <div className="setup__actions">
          {index > 0 && (
            <Button variant="secondary" disabled={saving} onClick={() => setStep(STEPS[index - 1] as SetupStep)}>
              <Trans>Back</Trans>
            </Button>
          )}
          <Button type="submit" disabled={saving}>
            {step === 'summary' ? <Trans>Save the settings</Trans> : <Trans>Next</Trans>}
          </Button>
        </div>
      </form>
    </Card>
  )
}
