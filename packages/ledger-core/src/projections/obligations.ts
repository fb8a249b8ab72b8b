/**
 * Every VAT / PIT / ZUS payment the user owes (the tax engine's obligations: amount > 0, complete periods), with
 * its period, amount, working-day due date, paid state and overdue flag. Paid = the `completed` flag of the
 * matching tax row of the generated month of the due date (`transactionId` is that row's id; `null` while the
 * month is not generated). Overdue = not paid and due before `today`.
 * With `year`, only obligations **due** in that year (December's PIT and Q4 fall into the next year's list).
 */
import type { BooksState } from '../deciders/state.ts'
import { formatMoney } from '../money.ts'
import type { Obligation } from '../tax/engine.ts'
import type { LocalDateString, MoneyString, YearMonthString } from '../types.ts'
import { taxesThrough } from './derived.ts'

export interface ObligationDto {
  readonly kind: Obligation['kind']
  readonly periodFrom: YearMonthString
  readonly periodTo: YearMonthString
  readonly amount: MoneyString
  readonly statutoryDueDate: LocalDateString
  readonly dueDate: LocalDateString
  readonly transactionId: number | null
  readonly completed: boolean
  readonly overdue: boolean
}

const EVENT_TYPE = {
  VAT: '3_Vat',
  PIT: '4_Pit',
  SocialSecurity: '5_SocialSecurity',
  PITAnnual: '4_Pit',
  HealthAnnual: '5_SocialSecurity',
} as const

/** The recorded tax row paying for an obligation, if its due month is generated. */
export const rowForObligation = (
  state: BooksState,
  o: Pick<Obligation, 'kind' | 'periodFrom' | 'periodTo' | 'dueDate'>,
) => {
  const gen = state.months.get(o.dueDate.slice(0, 7))
  if (!gen) return null
  for (const id of gen.ids) {
    const t = state.transactions.get(id)
    if (!t || t.deleted || !t.row) continue
    const p = t.row.dataObject.period
    if (t.row.eventType === EVENT_TYPE[o.kind] && p && p.from === o.periodFrom && p.to === o.periodTo) return t
  }
  return null
}

export const obligations = (
  state: BooksState,
  { year, today }: { year?: number; today: LocalDateString },
): ObligationDto[] => {
  const through = year === undefined ? today.slice(0, 7) : `${String(year).padStart(4, '0')}-12`
  const taxes = taxesThrough(state, through)
  if (!taxes) return []
  const out: ObligationDto[] = []
  for (const o of taxes.result.obligations) {
    if (year !== undefined && Number(o.dueDate.slice(0, 4)) !== year) continue
    const t = rowForObligation(state, o)
    const completed = t?.completed ?? false
    out.push({
      kind: o.kind,
      periodFrom: o.periodFrom,
      periodTo: o.periodTo,
      amount: formatMoney(o.amount),
      statutoryDueDate: o.statutoryDueDate,
      dueDate: o.dueDate,
      transactionId: t?.id ?? null,
      completed,
      overdue: !completed && o.dueDate < today,
    })
  }
  return out
}
