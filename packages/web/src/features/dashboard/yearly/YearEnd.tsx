import {
  type AnnualReturnDto,
  FlatRates,
  type FormComparisonDto,
  type HealthSettlementDto,
  type ObligationDto,
} from '@finance/ledger-core'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useActorRef, useSelector } from '@xstate/react'
import { type ReactNode, useEffect, useId, useMemo } from 'react'
import { Button } from '../../../ui/Button.tsx'
import { Card } from '../../../ui/Card.tsx'
import { TableHead } from '../../../ui/TableHead.tsx'
import { useFormat } from '../../../i18n/format.ts'
import { Amount } from '../components/Amount.tsx'
import { Facts } from '../components/TxCard.tsx'
import { isZero } from '../money.ts'
import { AnnualInputsForm } from './AnnualInputsForm.tsx'
import { createYearEndApi, type YearEndApi, yearEndActors, yearEndMachine } from './yearEnd.ts'

type TaxType = 'Scale' | 'Linear' | 'Flat'
type Labels = ReturnType<typeof useLabels>

/** The section's translated names of forms, thresholds and reasons. */
const useLabels = () => {
  const { t } = useLingui()
  const { money } = useFormat()
  const scaleThreshold = money('120000')
  const band60 = money('60000')
  const band300 = money('300000')
  const ksefLimit = money('10000')
  return {
    form: { Scale: t`tax scale`, Linear: t`linear tax`, Flat: t`ryczałt` } as Record<TaxType, string>,
    warning: {
      scaleThreshold: t`The ${scaleThreshold} threshold of the tax scale (the base on the scale)`,
      flatHealthBand60: t`Ryczałt: the health band of ${band60} of revenue`,
      flatHealthBand300: t`Ryczałt: the health band of ${band300} of revenue`,
      vatExemption: t`The VAT exemption limit (art. 113 of the VAT act)`,
      ksefMonthly: t`KSeF in 2026: ${ksefLimit} of invoiced sales with VAT in a month`,
      smallZusPlusRevenue: t`Mały ZUS plus: the revenue limit`,
    } as Record<string, string>,
    reason: {
      revenueOverLimit: t`revenue over the limit`,
      tooFewDays: t`fewer than 60 days of business in the year`,
      flatIncome: t`on ryczałt the income behind the basis is not derived here`,
    } as Record<string, string>,
  }
}

const Status = ({ obligation }: { obligation: ObligationDto | undefined }) => {
  if (!obligation) return null
  if (obligation.completed)
    return (
      <strong className="badge badge--paid">
        <Trans>Paid</Trans>
      </strong>
    )
  return obligation.overdue ? (
    <strong className="badge badge--overdue">
      <Trans>Overdue</Trans>
    </strong>
  ) : (
    <strong className="badge">
      <Trans>To pay</Trans>
    </strong>
  )
}

/** The deadline under a result: of the payment, or — when money comes back — of the return itself. */
const Due = ({
  date,
  obligation,
  refund,
}: {
  date: string
  obligation: ObligationDto | undefined
  /** When money comes back: the deadline's name (of the return, of the DRA), and no payment state. */
  refund?: ReactNode
}) => {
  const fmt = useFormat()
  return (
    <p className="year-end__due">
      {refund ?? <Trans>Due date</Trans>}: <time dateTime={date}>{fmt.date(date)}</time>{' '}
      {!refund && <Status obligation={obligation} />}
    </p>
  )
}

type Row = [ReactNode, ReactNode, string]
type Tr = (d: MessageDescriptor) => string

/** The return's common items that lower the base: a loss carried forward, IKZE. */
const itemDeductionRows = (a: AnnualReturnDto, _: Tr): Row[] => {
  const i = a.items
  if (!i) return []
  const rows: Row[] = []
  if (!isZero(i.lossDeducted))
    rows.push([_(msg`Loss of earlier years deducted`), <Amount key="ld" value={i.lossDeducted} />, 'lossDeducted'])
  if (!isZero(i.ikzePaid)) {
    rows.push([_(msg`IKZE payments`), <Amount key="ikzep" value={i.ikzePaid} />, 'ikzePaid'])
    rows.push([_(msg`IKZE payments deducted`), <Amount key="ikze" value={i.ikzeDeducted} />, 'ikzeDeducted'])
  }
  return rows
}

/** Joint filing and the child relief: what they did to the tax. */
const itemTaxRows = (a: AnnualReturnDto, _: Tr): Row[] => {
  const i = a.items
  if (!i) return []
  const rows: Row[] = []
  if (i.joint) {
    rows.push([_(msg`Spouse's income`), <Amount key="si" value={i.spouseIncome} />, 'spouseIncome'])
    rows.push([
      _(msg`Tax filed jointly (twice the tax on half)`),
      <Amount key="jt" value={i.taxBeforeRelief} />,
      'joint',
    ])
  }
  if (!isZero(i.childRelief)) {
    rows.push([_(msg`Child relief`), <Amount key="cr" value={i.childRelief} />, 'childRelief'])
    rows.push([
      _(msg`Child relief deducted from the tax`),
      <Amount key="cd" value={i.childDeducted} />,
      'childDeducted',
    ])
    if (!isZero(i.childRefund))
      rows.push([_(msg`Child relief refunded`), <Amount key="cf" value={i.childRefund} />, 'childRefund'])
  }
  return rows
}

/** What the common items asked for but the law did not give. */
const ItemNotes = ({ a }: { a: AnnualReturnDto }) => {
  const { t } = useLingui()
  const i = a.items
  if (!i) return null
  const why: Record<string, string> = {
    outsideWindow: t`a loss is deducted only in the five years after it`,
    otherForm: t`the loss was incurred under another form of taxation`,
    nothingLeft: t`the loss is already deducted in full`,
  }
  const notes: string[] = i.losses.flatMap((l) =>
    l.refusal ? [t`The loss of ${l.year} is not deducted: ${why[l.refusal] ?? l.refusal}`] : [],
  )
  if (i.jointRefused) notes.push(t`Joint filing with a spouse is only for the tax scale.`)
  if (i.childRefused) notes.push(t`The child relief is only for the tax scale.`)
  if (i.childOverLimit) notes.push(t`No relief for one child: the income is over the limit.`)
  if (notes.length === 0) return null
  return (
    <ul className="year-end__warnings" data-testid="item-notes">
      {notes.map((n) => (
        <li key={n} className="year-end__warning">
          {n}
        </li>
      ))}
    </ul>
  )
}

const ReturnCard = ({
  a,
  obligation,
  labels,
}: {
  a: AnnualReturnDto
  obligation: ObligationDto | undefined
  labels: Labels
}) => {
  const { t, i18n } = useLingui()
  const fmt = useFormat()
  const flat = a.taxType === 'Flat'
  const rows: Row[] = [[t`Revenue`, <Amount key="r" value={a.revenue} />, 'revenue']]
  if (!flat) {
    rows.push([t`Costs (Fundusz Pracy included)`, <Amount key="c" value={a.costs} />, 'costs'])
    rows.push([t`Income`, <Amount key="i" value={a.income} />, 'income'])
    if (!isZero(a.loss)) rows.push([t`Loss`, <Amount key="l" value={a.loss} />, 'loss'])
  }
  rows.push([t`Social contributions paid in the year`, <Amount key="sp" value={a.socialPaid} />, 'socialPaid'])
  rows.push([t`Social contributions deducted`, <Amount key="sd" value={a.socialDeducted} />, 'socialDeducted'])
  if (a.taxType !== 'Scale') {
    rows.push([t`Health contributions paid in the year`, <Amount key="hp" value={a.healthPaid} />, 'healthPaid'])
    rows.push([
      flat ? t`Health contributions deducted (50%)` : t`Health contributions deducted (within the cap)`,
      <Amount key="hd" value={a.healthDeducted} />,
      'healthDeducted',
    ])
  }
  if (!flat && !isZero(a.deductions))
    rows.push([t`Other deductions`, <Amount key="d" value={a.deductions} />, 'deductions'])
  rows.push(...itemDeductionRows(a, (d) => i18n._(d)))
  rows.push([t`Tax base`, <Amount key="b" value={a.base} />, 'base'])
  for (const r of flat ? (a.flatRates ?? []) : [])
    rows.push([t`Base at ${fmt.percent(r.rate)}`, <Amount key={`f${r.rate}`} value={r.base} />, `flat${r.rate}`])
  rows.push(...itemTaxRows(a, (d) => i18n._(d)))
  rows.push([t`Tax due`, <Amount key="t" value={a.tax} />, 'tax'])
  rows.push([t`Advances for the year`, <Amount key="a" value={a.advances} />, 'advances'])
  if (a.items && !isZero(a.items.spouseAdvances))
    rows.push([t`Spouse's advances`, <Amount key="sa" value={a.items.spouseAdvances} />, 'spouseAdvances'])
  const refund = !isZero(a.refund)
  return (
    <Card className="year-end__card" headingLevel={3} title={`${a.form} · ${labels.form[a.taxType as TaxType]}`}>
      <Facts rows={rows} />
      <ItemNotes a={a} />
      <p className={`year-end__result${refund ? ' year-end__result--refund' : ''}`}>
        {refund ? <Trans>To be refunded</Trans> : <Trans>To pay</Trans>}: <Amount value={refund ? a.refund : a.toPay} />
      </p>
      <Due date={a.dueDate} obligation={obligation} refund={refund ? <Trans>Filing deadline</Trans> : undefined} />
    </Card>
  )
}

const HealthCard = ({ h, obligation }: { h: HealthSettlementDto; obligation: ObligationDto | undefined }) => {
  const { t } = useLingui()
  const fmt = useFormat()
  const flat = h.taxType === 'Flat'
  const insured = h.insuredMonths ?? []
  const span = insured.length > 0 ? ` (${fmt.month(insured[0]!)} – ${fmt.month(insured[insured.length - 1]!)})` : ''
  const rows: [ReactNode, ReactNode, string][] = [
    [t`Insured months`, `${h.months}${span}`, 'months'],
    [
      flat ? t`The year's revenue less social contributions` : t`The year's income`,
      <Amount key="b" value={h.basis} />,
      'basis',
    ],
    flat ? [t`Revenue band`, String(h.flatTier), 'band'] : [t`Rate`, fmt.percent(String(h.percent)), 'rate'],
    [t`Contribution computed`, <Amount key="c" value={h.computed} />, 'computed'],
  ]
  if (!flat && h.minimumBase !== undefined)
    rows.push([t`Minimum base (the months summed)`, <Amount key="mb" value={h.minimumBase} />, 'minimumBase'])
  if (!flat) rows.push([t`Minimum (the months summed)`, <Amount key="m" value={h.minimum} />, 'minimum'])
  rows.push([t`The year's contribution`, <Amount key="d" value={h.due} />, 'due'])
  rows.push([t`Monthly contributions`, <Amount key="p" value={h.paid} />, 'paid'])
  const overpaid = !isZero(h.overpaid)
  return (
    <Card
      className="year-end__card"
      headingLevel={3}
      title={t`Annual health settlement ${fmt.month(h.from)} – ${fmt.month(h.to)}`}
    >
      <Facts rows={rows} />
      <p className={`year-end__result${overpaid ? ' year-end__result--refund' : ''}`}>
        {overpaid ? <Trans>Overpaid (refunded on request)</Trans> : <Trans>To pay with the DRA for April</Trans>}:{' '}
        <Amount value={overpaid ? h.overpaid : h.toPay} />
      </p>
      <Due
        date={h.dueDate}
        obligation={obligation}
        refund={overpaid ? <Trans>Deadline of the DRA for April</Trans> : undefined}
      />
    </Card>
  )
}

/**
 * Says which year's statutory figures were borrowed: the year shown, or a year a section looks ahead to (the mały
 * ZUS plus of the next year, decided by this one), so a tabled year is never called untabled.
 */
const RatesFallbackNote = ({ year }: { year: number }) => (
  <p className="year-end__note">
    <Trans>The statutory figures of {year} are not tabled yet: the nearest tabled year's are used.</Trans>
  </p>
)

const Comparison = ({
  c,
  labels,
  flatRate,
  onFlatRate,
}: {
  c: FormComparisonDto
  labels: Labels
  flatRate: string | null
  onFlatRate: (rate: string | null) => void
}) => {
  const { t } = useLingui()
  const fmt = useFormat()
  const rate = fmt.percent(String(c.flatRate))
  const rateId = useId()
  const projected = c.months.filter((m) => m.projected)
  return (
    <Card className="year-end__card year-end__compare" headingLevel={3} title={t`The forms of taxation compared`}>
      <div className="year-end__rate">
        <label htmlFor={rateId}>
          <Trans>Ryczałt rate</Trans>
        </label>
        <select
          id={rateId}
          value={flatRate ?? ''}
          onChange={(e) => onFlatRate(e.target.value === '' ? null : e.target.value)}
        >
          <option value="">{c.flatRateAssumed ? t`Assumed: ${rate}` : t`Yours: ${rate}`}</option>
          {FlatRates.map((r) => (
            <option key={r} value={r}>
              {fmt.percent(r)}
            </option>
          ))}
        </select>
      </div>
      <div className="year-end__table-wrap">
        <table className="year-end__table">
          <caption className="visually-hidden">
            <Trans>What the year costs on each form</Trans>
          </caption>
          <TableHead columns={[t`Form`, t`Social`, t`Health`, t`Tax`, t`Total`]} />
          <tbody>
            {c.scenarios.map((s) => (
              <tr
                key={s.taxType}
                data-form={s.taxType}
                className={s.taxType === c.cheapest ? 'year-end__cheapest' : undefined}
              >
                <th scope="row">
                  {s.form}
                  <span className="year-end__form">
                    {labels.form[s.taxType as TaxType]}
                    {s.taxType === 'Flat' ? ` ${fmt.percent(String(s.rate))}` : ''}
                  </span>
                  {s.current && (
                    <span className="badge">
                      <Trans>current</Trans>
                    </span>
                  )}
                  {s.taxType === c.cheapest && (
                    <span className="badge badge--paid">
                      <Trans>cheapest</Trans>
                    </span>
                  )}
                  {s.taxType === 'Flat' && c.flatRateAssumed && (
                    <span className="year-end__assumed" data-testid="flat-assumed">
                      <Trans>at an assumed rate: choose your rate above to compare it</Trans>
                    </span>
                  )}
                </th>
                <td data-label={t`Social`}>
                  <Amount value={s.social} />
                </td>
                <td data-label={t`Health`}>
                  <Amount value={s.health} />
                </td>
                <td data-label={t`Tax`}>
                  <Amount value={s.tax} />
                </td>
                <td data-label={t`Total`}>
                  <strong>
                    <Amount value={s.total} />
                  </strong>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="year-end__note">
        {projected.length === 0 ? (
          <Trans>All months of the year are actual figures.</Trans>
        ) : projected.length === 1 ? (
          <Trans>
            Projected: {fmt.month(projected[0]!.month)}, from the items already scheduled for it (recurring items and
            dated one-time items).
          </Trans>
        ) : (
          <Trans>
            Projected: {fmt.month(projected[0]!.month)} – {fmt.month(projected.at(-1)!.month)}, from the items already
            scheduled for those months (recurring items and dated one-time items).
          </Trans>
        )}
      </p>
      <h4 className="year-end__subtitle">
        <Trans>Thresholds</Trans>
      </h4>
      {c.warnings.length === 0 ? (
        <p>
          <Trans>No threshold crossed or near.</Trans>
        </p>
      ) : (
        <ul className="year-end__warnings">
          {c.warnings.map((w) => (
            <li key={w.kind} className={`year-end__warning year-end__warning--${w.status}`}>
              <strong>{labels.warning[w.kind] ?? w.kind}</strong>:{' '}
              {w.status === 'crossed' ? (
                w.month && w.valueInMonth && w.kind !== 'ksefMonthly' ? (
                  <Trans>
                    crossed in {fmt.month(w.month)}, with <Amount value={w.valueInMonth} /> of{' '}
                    <Amount value={w.limit} />; the whole year: <Amount value={w.value} />
                  </Trans>
                ) : w.month ? (
                  <Trans>
                    crossed in {fmt.month(w.month)}: <Amount value={w.valueInMonth ?? w.value} /> of{' '}
                    <Amount value={w.limit} />
                  </Trans>
                ) : (
                  <Trans>
                    crossed: <Amount value={w.value} /> of <Amount value={w.limit} />
                  </Trans>
                )
              ) : (
                <Trans>
                  near: <Amount value={w.value} /> of <Amount value={w.limit} />
                </Trans>
              )}
              {w.projected && (
                <>
                  {' '}
                  (<Trans>projected</Trans>)
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {c.smallZusPlus.map((z) => (
        <section key={z.appliesIn} className="year-end__zus">
          <h4 className="year-end__subtitle">
            <Trans>
              Mały ZUS plus in {z.appliesIn} (from the figures of {z.basedOn})
            </Trans>
          </h4>
          <p>
            {z.eligible ? <Trans>Would apply</Trans> : <Trans>Would not apply</Trans>}
            {z.reasons.length > 0 && ` — ${z.reasons.map((r) => labels.reason[r] ?? r).join('; ')}`}
            {z.projected && (
              <>
                {' '}
                (<Trans>projected</Trans>)
              </>
            )}
          </p>
          <Facts
            rows={[
              [
                t`Revenue / limit`,
                <>
                  <Amount value={z.revenue} /> / <Amount value={z.revenueLimit} />
                </>,
                'revenue',
              ],
              ...(z.eligible && z.basis !== null && z.contributions !== null
                ? ([
                    [t`Contribution basis`, <Amount key="b" value={z.basis} />, 'basis'],
                    [t`Social contributions a month`, <Amount key="c" value={z.contributions.total} />, 'total'],
                    ...(z.currentMonthly === null
                      ? []
                      : ([
                          [t`Now`, <Amount key="n" value={z.currentMonthly} />, 'now'],
                          // An amount more or less, as the month's: a negative "less" would read as a saving.
                          z.yearlyChange?.startsWith('-')
                            ? [
                                t`More in a year (social contributions)`,
                                <Amount key="y" value={z.yearlyChange.slice(1)} />,
                                'year',
                              ]
                            : [
                                t`Less in a year (social contributions)`,
                                <Amount key="y" value={z.yearlyChange} />,
                                'year',
                              ],
                        ] as [ReactNode, ReactNode, string][])),
                  ] as [ReactNode, ReactNode, string][])
                : []),
            ]}
          />
          {z.ratesFallback && <RatesFallbackNote year={z.appliesIn} />}
        </section>
      ))}
    </Card>
  )
}

type Props = {
  year: number
  effects?: YearEndApi
}

/** The year end on the yearly dashboard: the annual return, the health settlement and the forms compared. */
export const YearEnd = ({ year, effects }: Props) => {
  const labels = useLabels()
  const fmt = useFormat()
  const impl = useMemo(() => effects ?? createYearEndApi(), [effects])
  const machine = useMemo(() => yearEndMachine.provide({ actors: yearEndActors(impl) }), [impl])
  const actor = useActorRef(machine, { input: { year, flatRate: null } })
  const report = useSelector(actor, (s) => s.context.report)
  const flatRate = useSelector(actor, (s) => s.context.flatRate)
  const failed = useSelector(actor, (s) => s.context.failed)
  const busy = useSelector(actor, (s) => s.hasTag('busy'))
  useEffect(() => actor.send({ type: 'YEAR', year }), [actor, year])
  const obligation = (kind: string) => report?.obligations.find((o) => o.kind === kind)

  return (
    <section className="year-end" aria-busy={busy} aria-labelledby="year-end-title" data-year-end={year}>
      <h2 className="year-end__title" id="year-end-title">
        <Trans>Year end {year}</Trans>
      </h2>
      {busy && (
        <p className="year-end__loading" role="status">
          <Trans>Loading the year end…</Trans>
        </p>
      )}
      {failed && (
        <div className="error-box" role="alert">
          <p>
            <Trans>Response error, can not connect to API.</Trans>
          </p>
          <Button variant="secondary" onClick={() => actor.send({ type: 'RETRY' })}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      )}
      {!busy && !failed && report && (
        <>
          {report.projected && (
            <p className="year-end__note year-end__note--projected">
              <Trans>
                A preview: the months after {fmt.month(report.actualThrough)} are projected from the items already
                scheduled.
              </Trans>
            </p>
          )}
          {report.ratesFallback && <RatesFallbackNote year={year} />}
          {!report.comparison ? (
            <p>
              <Trans>Nothing in the books for this year.</Trans>
            </p>
          ) : (
            <>
              {report.annualReturn ? (
                <ReturnCard a={report.annualReturn} obligation={obligation('PITAnnual')} labels={labels} />
              ) : (
                <p>
                  <Trans>No annual return: no form of taxation is chosen for the year (Fees → Taxes).</Trans>
                </p>
              )}
              {report.annualReturn && impl.saveInputs && (
                <AnnualInputsForm
                  key={report.year}
                  report={report}
                  save={impl.saveInputs}
                  onSaved={(next) => actor.send({ type: 'REPORT', report: next })}
                />
              )}
              {report.healthSettlement && (
                <HealthCard h={report.healthSettlement} obligation={obligation('HealthAnnual')} />
              )}
              <Comparison
                c={report.comparison}
                labels={labels}
                flatRate={flatRate}
                onFlatRate={(rate) => actor.send({ type: 'FLAT_RATE', flatRate: rate })}
              />
            </>
          )}
        </>
      )}
    </section>
  )
}
