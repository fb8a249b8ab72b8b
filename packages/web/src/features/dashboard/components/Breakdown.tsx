import { Trans, useLingui } from '@lingui/react/macro'
import { isMoneyString } from '@finance/ledger-core'
import type { ReactNode } from 'react'
import type { Transaction } from '../types.ts'
import { useFormat } from '../../../i18n/format.ts'
import { Amount } from './Amount.tsx'

/** Keys that carry a reason code (shown as a notice on the card, not as a figure). */
const REASON_KEYS = new Set(['intervalReason', 'settingReason'])
/** The VAT return's own fields (`P_10` … `P_62`) and sales at rates without a field of their own. */
const DECLARATION = /^P_\d+$/
const OTHER_RATE = /^otherRate_(.+)_(base|tax)$/
/** Ryczałt per rate: `flat_<rate>_<figure>`. */
const FLAT_RATE = /^flat_(.+)_(revenue|deductions|base|tax)$/
/** Figures that only apply to some rows (Scale/Linear health): left out when the core sends `none`. */
const OPTIONAL = new Set(['healthIncomeYearToDate', 'healthBasesBefore'])
/** Return fields always shown (the result), even when 0. */
const ALWAYS = new Set(['P_38', 'P_48', 'P_51', 'P_62'])

const byFieldNumber = (a: string, b: string) => Number(a.slice(2)) - Number(b.slice(2))

/**
 * "How it is computed": the figures behind a tax row as the core sent them (`dataObject.breakdown`), so the
 * user can follow the arithmetic (VAT output/input/carry and the return's fields, PIT year-to-date base and
 * advances, ryczałt per rate, ZUS parts and how an incomplete month and the health base were found).
 */
export const Breakdown = ({ transaction }: { transaction: Transaction }) => {
  const { t } = useLingui()
  const fmt = useFormat()
  const breakdown = transaction.dataObject.breakdown
  if (!breakdown) return null
  const labels: Record<string, string> = {
    output: t`Output VAT`,
    input: t`Input VAT`,
    carriedIn: t`Carried from earlier periods`,
    balance: t`Balance`,
    due: t`Due`,
    carryOut: t`Carried forward`,
    revenue: t`Revenue of the period`,
    costs: t`Costs of the period`,
    social: t`Social contributions`,
    healthDeducted: t`Health insurance deducted`,
    deductions: t`Other deductions`,
    revenueYearToDate: t`Revenue since 1 January`,
    costsYearToDate: t`Costs since 1 January`,
    socialYearToDate: t`Social contributions since 1 January`,
    healthDeductedYearToDate: t`Health insurance deducted since 1 January`,
    deductionsYearToDate: t`Other deductions since 1 January`,
    base: t`Tax base`,
    taxYearToDate: t`Tax since 1 January`,
    advancesBefore: t`Advances paid before`,
    advance: t`Advance`,
    socialDeclared: t`Social contributions for a full month`,
    activeDays: t`Days of social insurance in the month`,
    daysInMonth: t`Days in the month`,
    socialBasis: t`Contribution basis for those days`,
    labourFund: t`Labour Fund`,
    health: t`Health insurance`,
    healthIncomeYearToDate: t`Income since 1 January (for health)`,
    healthBasesBefore: t`Income already used as health bases`,
    healthBase: t`Health insurance base`,
    healthMinimumApplied: t`Health insurance minimum applied`,
    flatTier: t`Flat-rate health tier`,
    total: t`Total`,
    statutoryDueDate: t`Statutory due date`,
  }
  const declarationLabels: Record<string, string> = {
    P_10: t`Exempt sales (net)`,
    P_11: t`Sales outside Poland (net)`,
    P_12: t`Of these, services for EU businesses (VAT-UE)`,
    P_13: t`Sales at 0% (net)`,
    P_15: t`Sales at 5% (net)`,
    P_16: t`Output VAT at 5%`,
    P_17: t`Sales at 7% or 8% (net)`,
    P_18: t`Output VAT at 7% or 8%`,
    P_19: t`Sales at 22% or 23% (net)`,
    P_20: t`Output VAT at 22% or 23%`,
    P_21: t`Goods delivered within the EU (WDT, net)`,
    P_22: t`Exports of goods (net)`,
    P_23: t`Goods bought within the EU (WNT, net)`,
    P_24: t`Output VAT on WNT`,
    P_25: t`Goods imported under art. 33a (net)`,
    P_26: t`Output VAT on goods imported under art. 33a`,
    P_27: t`Other services bought from abroad (net)`,
    P_28: t`Output VAT on other services bought from abroad`,
    P_29: t`Services bought from abroad (net)`,
    P_30: t`Output VAT on services bought from abroad`,
    P_31: t`Goods for which the buyer is the taxpayer (net)`,
    P_32: t`Output VAT on goods for which the buyer is the taxpayer`,
    P_37: t`Total sales (net)`,
    P_38: t`Total output VAT`,
    P_39: t`Excess carried from the previous return`,
    P_40: t`Fixed assets bought (net)`,
    P_41: t`Input VAT on fixed assets`,
    P_42: t`Purchases (net)`,
    P_43: t`Input VAT on purchases`,
    P_44: t`Correction of input VAT on fixed assets (art. 91)`,
    P_48: t`Input VAT to deduct`,
    P_51: t`VAT to pay`,
    P_53: t`Excess of input VAT`,
    P_54: t`Excess refunded to your account`,
    P_60: t`Refund set against future tax liabilities`,
    P_62: t`Excess carried to the next period`,
  }
  const flatLabels: Record<string, string> = {
    revenue: t`Revenue`,
    deductions: t`Deductions`,
    base: t`Tax base`,
    tax: t`Flat-rate tax`,
  }
  const value = (v: string): ReactNode => {
    if (v === 'true') return t`Yes`
    if (v === 'false') return t`No`
    if (v === 'none' || v === 'null') return '—'
    return isMoneyString(v) && v.includes('.') ? <Amount value={v} /> : v
  }
  const entries = Object.entries(breakdown).filter(([key, v]) => key in labels && !(OPTIONAL.has(key) && v === 'none'))
  const declaration = Object.entries(breakdown)
    .filter(([key, v]) => DECLARATION.test(key) && key in declarationLabels && (ALWAYS.has(key) || v !== '0.00'))
    .sort(([a], [b]) => byFieldNumber(a, b))
  const otherRates = Object.entries(breakdown).flatMap(([key, v]) => {
    const m = OTHER_RATE.exec(key)
    if (!m) return []
    const rate = fmt.percent(m[1]!)
    return [{ key, label: m[2] === 'base' ? t`Sales at ${rate} (net)` : t`Output VAT at ${rate}`, v }]
  })
  const flat = new Map<string, Record<string, string>>()
  for (const [key, v] of Object.entries(breakdown)) {
    const m = FLAT_RATE.exec(key)
    if (m) flat.set(m[1]!, { ...flat.get(m[1]!), [m[2]!]: v })
  }
  if (entries.length === 0 && declaration.length === 0 && flat.size === 0) return null
  return (
    <details className="breakdown">
      <summary>
        <Trans>How it is computed</Trans>
      </summary>
      {entries.length > 0 && (
        <dl className="facts">
          {entries.map(([key, v]) => (
            <div className="facts__row" key={key}>
              <dt>{labels[key]}</dt>
              <dd>{value(v)}</dd>
            </div>
          ))}
        </dl>
      )}
      {flat.size > 0 && (
        <table className="breakdown__table">
          <caption>
            <Trans>Flat-rate tax per rate</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Rate</Trans>
              </th>
              {Object.values(flatLabels).map((l) => (
                <th scope="col" key={l}>
                  {l}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[...flat].map(([rate, figures]) => (
              <tr key={rate}>
                <th scope="row">{fmt.percent(rate)}</th>
                {Object.keys(flatLabels).map((k) => (
                  <td key={k}>{value(figures[k] ?? 'none')}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {declaration.length > 0 && (
        <section className="breakdown__return" aria-label={t`VAT return (JPK_V7)`}>
          <h4>
            <Trans>VAT return (JPK_V7)</Trans>
          </h4>
          <dl className="facts">
            {declaration.map(([key, v]) => (
              <div className="facts__row" key={key}>
                <dt>
                  <abbr title={key}>{key}</abbr> {declarationLabels[key]}
                </dt>
                <dd>{value(v)}</dd>
              </div>
            ))}
            {otherRates.map(({ key, label, v }) => (
              <div className="facts__row" key={key}>
                <dt>{label}</dt>
                <dd>{value(v)}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
    </details>
  )
}

/**
 * Why a tax row is not settled as the latest setting says (the core's reason codes), and how an incomplete first
 * month was counted: shown on the card itself, not only in "How it is computed".
 */
export const SettlementNotice = ({ transaction }: { transaction: Transaction }) => {
  const { t } = useLingui()
  const b = transaction.dataObject.breakdown
  if (!b) return null
  const reasons: Record<string, string> = {
    newVatPayer: t`Settled monthly: a new VAT payer may not settle quarterly during the first 12 months from registration (art. 99 ust. 3a of the VAT act). Quarterly PIT advances remain allowed.`,
    changeAppliesNextQuarter: t`The change of the VAT settlement period applies from the next quarter: a quarter is settled as a whole.`,
    changeAppliesNextYear: t`The later PIT setting applies from 1 January of the next year: the form of taxation and quarterly advances are chosen for a whole tax year.`,
    changeAppliesNextMonth: t`The later social security setting applies from the next month: contributions are owed for whole calendar months.`,
  }
  const notes: string[] = []
  for (const key of REASON_KEYS) {
    const code = b[key]
    if (code && code in reasons) notes.push(reasons[code]!)
  }
  if (b.activeDays && b.daysInMonth && b.activeDays !== b.daysInMonth)
    notes.push(
      t`Social insurance lasted only part of the month (the business started, or the insurance started or ended, during it): social contributions for ${b.activeDays} of ${b.daysInMonth} days; the health contribution in full.`,
    )
  if (notes.length === 0) return null
  return (
    <div className="settlement-notice" role="note">
      {notes.map((n) => (
        <p key={n}>{n}</p>
      ))}
    </div>
  )
}
