/**
 * The shared formatting module (`@finance/ledger-core/format`) bound to the UI language. Every figure the web app
 * shows goes through here, so a screen cannot drift into its own format.
 */
import * as f from '@finance/ledger-core/format'
import { useLingui } from '@lingui/react'

export type { Lang } from '@finance/ledger-core/format'

export interface Format {
  readonly lang: f.Lang
  /** `12 000,00 zł` / `PLN 12,000.00`; a missing amount reads as zero. */
  readonly money: (value: string | null | undefined) => string
  /** Two decimals without the currency, for columns whose header names it. */
  readonly amount: (value: string | null | undefined) => string
  /** An exchange rate in złoty per unit, every digit kept: `4,2512 zł` / `PLN 4.2512`. */
  readonly rate: (value: string) => string
  readonly number: (value: string | number, fractionDigits?: number) => string
  /** The number of percent (`"23"`) → `23%`. */
  readonly percent: (value: string | number) => string
  readonly size: (bytes: number) => string
  readonly date: (isoDate: string) => string
  readonly month: (isoMonth: string) => string
  readonly instant: (instant: string | number) => string
}

const orZero = (v: string | null | undefined): string => (v === null || v === undefined || v === '' ? '0' : v)

/** The formatters of one language (stories and tests pass it directly; components use {@link useFormat}). */
export const formatFor = (lang: f.Lang): Format => ({
  lang,
  money: (v) => f.formatMoney(lang, orZero(v)),
  amount: (v) => f.formatAmount(lang, orZero(v)),
  rate: (v) => f.formatRate(lang, v),
  number: (v, digits) => f.formatNumber(lang, String(v), digits),
  percent: (v) => f.formatPercent(lang, String(v)),
  size: (bytes) => f.formatSize(lang, bytes),
  date: (d) => f.formatDate(lang, d),
  month: (m) => f.formatMonth(lang, m),
  instant: (i) => f.formatInstant(lang, i),
})

const byLang: Record<f.Lang, Format> = { pl: formatFor('pl'), en: formatFor('en') }

/** The formatters of the active UI language. */
export const useFormat = (): Format => {
  const { i18n } = useLingui()
  return byLang[i18n.locale === 'en' ? 'en' : 'pl']
}
