import { Trans, useLingui } from '@lingui/react/macro'
import { max as d3max, min as d3min } from 'd3-array'
import { scaleBand, scaleLinear } from 'd3-scale'
import { useEffect, useId, useRef, useState } from 'react'
import { useFormat } from '../../../i18n/format.ts'
import { money2 } from '../money.ts'
import { type MonthBars, SERIES, type SeriesName } from './chartData.ts'

export type SeriesLabels = Record<SeriesName, string>

type Props = {
  title: string
  bars: readonly MonthBars[]
  monthNames: readonly string[]
  seriesLabels: SeriesLabels
  onSelectMonth: (month: number) => void
  /** Drawing width when the container cannot be measured (tests, first paint). */
  initialWidth?: number
}

const HEIGHT = 280
const MARGIN = { top: 12, right: 8, bottom: 26, left: 58 }

/** Follows the element's width (charts stay readable down to 400 px instead of shrinking their text). */
const useWidth = (initial: number) => {
  const ref = useRef<HTMLDivElement>(null)
  const [width, setWidth] = useState(initial)
  useEffect(() => {
    const el = ref.current
    if (!el || typeof ResizeObserver === 'undefined') return
    const measure = () => {
      const w = Math.round(el.getBoundingClientRect().width)
      if (w > 0) setWidth(w)
    }
    measure()
    const ro = new ResizeObserver(measure)
    ro.observe(el)
    return () => ro.disconnect()
  }, [])
  return [ref, width] as const
}

const compact = (value: number, locale: string): string => {
  try {
    return new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(value)
  } catch {
    return String(value)
  }
}

/**
 * SPEC §2 yearly bar chart: per month three bars, Incomes (light green), Expenses (orange, negative) and Summary
 * (light blue); a tooltip with month, name and value; a click on a month opens its details. The svg is one image
 * for assistive technology; the table below it carries the same figures and the month buttons.
 */
export const BarChart = ({ title, bars, monthNames, seriesLabels, onSelectMonth, initialWidth = 600 }: Props) => {
  const { t, i18n } = useLingui()
  const fmt = useFormat()
  const [ref, width] = useWidth(initialWidth)
  const [hover, setHover] = useState<{ month: number; series: SeriesName; x: number; y: number } | null>(null)
  const titleId = useId()

  const months = bars.map((b) => b.month)
  const all = bars.flatMap((b) => SERIES.map((s) => b.plot[s]))
  const lo = Math.min(0, d3min(all) ?? 0)
  const hi = Math.max(0, d3max(all) ?? 0)
  const y = scaleLinear()
    .domain(lo === hi ? [0, 1] : [lo, hi])
    .range([HEIGHT - MARGIN.bottom, MARGIN.top])
    .nice(5)
  const x0 = scaleBand<number>()
    .domain(months.length ? months : [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    .range([MARGIN.left, Math.max(MARGIN.left + 12, width - MARGIN.right)])
    .paddingInner(0.2)
    .paddingOuter(0.1)
  const x1 = scaleBand<SeriesName>().domain(SERIES).range([0, x0.bandwidth()]).padding(0.08)
  const narrow = x0.bandwidth() < 30
  const zero = y(0)
  const hovered = hover ? bars.find((b) => b.month === hover.month) : undefined

  return (
    <figure className="chart" aria-labelledby={titleId}>
      <figcaption id={titleId} className="chart__title">
        {title}
      </figcaption>
      <ul className="chart__legend">
        {SERIES.map((s) => (
          <li key={s}>
            <span className={`swatch swatch--${s}`} aria-hidden="true" /> {seriesLabels[s]}
          </li>
        ))}
      </ul>
      <div className="chart__canvas" ref={ref}>
        <svg
          role="img"
          aria-label={t`${title}: incomes, expenses and summary per month`}
          width={width}
          height={HEIGHT}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          className="chart__svg"
          onMouseLeave={() => setHover(null)}
        >
          <g className="chart__grid">
            {y.ticks(5).map((tick) => (
              <g key={tick} transform={`translate(0,${y(tick)})`}>
                <line x1={MARGIN.left} x2={width - MARGIN.right} />
                <text x={MARGIN.left - 6} dy="0.32em" textAnchor="end">
                  {compact(tick, i18n.locale)}
                </text>
              </g>
            ))}
          </g>
          {bars.map((b) => (
            // biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut; keyboard users open the month from the table below
            <g
              key={b.month}
              className="chart__month"
              data-month={b.month}
              transform={`translate(${x0(b.month) ?? 0},0)`}
              onClick={() => onSelectMonth(b.month)}
            >
              <rect
                className="chart__hit"
                x={-x0.step() * 0.1}
                width={x0.step()}
                y={MARGIN.top}
                height={HEIGHT - MARGIN.top - MARGIN.bottom}
              />
              {SERIES.map((s) => {
                const v = b.plot[s]
                const top = y(Math.max(0, v))
                const h = Math.abs(y(v) - zero)
                return (
                  // biome-ignore lint/a11y/noStaticElementInteractions: hover only feeds the visual tooltip; the table carries the figures
                  <rect
                    key={s}
                    className={`bar bar--${s}`}
                    data-series={s}
                    x={x1(s) ?? 0}
                    y={top}
                    width={x1.bandwidth()}
                    height={Math.max(h, v === 0 ? 0 : 1)}
                    onMouseEnter={(e) => {
                      const box = (e.currentTarget.ownerSVGElement ?? e.currentTarget).getBoundingClientRect()
                      setHover({ month: b.month, series: s, x: e.clientX - box.left, y: e.clientY - box.top })
                    }}
                    onMouseMove={(e) => {
                      const box = (e.currentTarget.ownerSVGElement ?? e.currentTarget).getBoundingClientRect()
                      setHover({ month: b.month, series: s, x: e.clientX - box.left, y: e.clientY - box.top })
                    }}
                  >
                    <title>{`${monthNames[b.month - 1] ?? b.month} · ${seriesLabels[s]}: ${fmt.money(money2(b.values[s]))}`}</title>
                  </rect>
                )
              })}
              <text className="chart__label" x={x0.bandwidth() / 2} y={HEIGHT - MARGIN.bottom + 16} textAnchor="middle">
                {narrow ? String(b.month) : (monthNames[b.month - 1] ?? String(b.month)).slice(0, 3)}
              </text>
            </g>
          ))}
          <line className="chart__zero" x1={MARGIN.left} x2={width - MARGIN.right} y1={zero} y2={zero} />
        </svg>
        {hover && hovered && (
          <div
            className="chart__tooltip"
            role="status"
            style={{ left: Math.min(hover.x + 12, Math.max(0, width - 170)), top: Math.max(0, hover.y - 48) }}
          >
            <strong>{monthNames[hover.month - 1]}</strong>
            <span>{seriesLabels[hover.series]}</span>
            <span>{fmt.money(money2(hovered.values[hover.series]))}</span>
          </div>
        )}
      </div>
      <details className="chart__table">
        <summary>
          <Trans>Show as a table</Trans>
        </summary>
        <div className="table-scroll">
          <table>
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Month</Trans>
                </th>
                {SERIES.map((s) => (
                  <th scope="col" key={s} className="num">
                    {seriesLabels[s]}
                  </th>
                ))}
                <th scope="col">
                  <span className="visually-hidden">
                    <Trans>Details</Trans>
                  </span>
                </th>
              </tr>
            </thead>
            <tbody>
              {bars.map((b) => (
                <tr key={b.month}>
                  <th scope="row">{monthNames[b.month - 1]}</th>
                  {SERIES.map((s) => (
                    <td key={s} className="num">
                      {fmt.money(money2(b.values[s]))}
                    </td>
                  ))}
                  <td>
                    <button type="button" className="btn btn--link" onClick={() => onSelectMonth(b.month)}>
                      <Trans>Details</Trans>
                      <span className="visually-hidden"> {monthNames[b.month - 1]}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  )
}
