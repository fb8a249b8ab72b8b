import { Trans, useLingui } from '@lingui/react/macro'
import { useActorRef, useSelector } from '@xstate/react'
import { type ComponentProps, useEffect, useMemo } from 'react'
import { ConnectionFailed, Page, PeriodActions } from '../../../ui/Page.tsx'
import { periodSteps, YearNav } from '../../../ui/PeriodNav.tsx'
import { useMonthNames } from '../../../i18n/months.ts'
import { useMessages } from '../../../ui/messages.tsx'
import { createDashboardApi, type DashboardApi, yearlyActors } from '../api.ts'
import { BarChart, type SeriesLabels } from './BarChart.tsx'
import { monthBars } from './chartData.ts'
import { MonthPopup } from './MonthPopup.tsx'
import { SummaryExport } from './SummaryExport.tsx'
import { YearEnd } from './YearEnd.tsx'
import type { YearEndApi } from './yearEnd.ts'
import { type ChartKind, yearlyMachine } from './yearlyMachine.ts'
import '../dashboard.css'

type Props = {
  effects?: Pick<DashboardApi, 'loadYear'>
  /** The year-end section's API (the app's by default). */
  yearEnd?: YearEndApi
  /** The year shown first; this year by default. */
  year?: number
  /** Chart width before the page is measured (stories). */
  initialWidth?: number
  /** The summary's CSV from the API and its hand-over to the browser (the app's by default; a story's fakes). */
  download?: ComponentProps<typeof SummaryExport>['download']
  save?: ComponentProps<typeof SummaryExport>['save']
}

export { useMonthNames }

/** SPEC §2 Yearly dashboard: year navigation and the two bar charts, then the year end of the year shown. */
export const YearlyDashboard = ({ effects, yearEnd, year, initialWidth, download, save }: Props) => {
  const { t } = useLingui()
  const messages = useMessages()
  const machine = useMemo(
    () => yearlyMachine.provide({ actors: yearlyActors(effects ?? createDashboardApi()) }),
    [effects],
  )
  const actor = useActorRef(machine, { input: { year: year ?? new Date().getFullYear() } })
  const shown = useSelector(actor, (s) => s.context.year)
  const monthly = useSelector(actor, (s) => s.context.monthly)
  const increasing = useSelector(actor, (s) => s.context.increasing)
  const selected = useSelector(actor, (s) => s.context.selected)
  const failed = useSelector(actor, (s) => s.context.failed)
  const busy = useSelector(actor, (s) => s.hasTag('busy'))
  const monthNames = useMonthNames()

  useEffect(() => {
    const sub = actor.on('connectionError', () => messages.error(t`Response error, can not connect to API.`))
    return () => sub.unsubscribe()
  }, [actor, messages, t])

  const seriesLabels: SeriesLabels = { incomes: t`Incomes`, expenses: t`Expenses`, summary: t`Summary` }
  const charts: [ChartKind, string, typeof monthly][] = [
    ['monthly', t`Monthly (Incomes & Expenses)`, monthly],
    ['increasing', t`Increasing (Incomes & Expenses)`, increasing],
  ]
  const selectedRow = selected
    ? (selected.chart === 'monthly' ? monthly : increasing).find((r) => r.month === selected.month)
    : undefined
  const selectedTitle = selected
    ? `${monthNames[selected.month - 1]} ${shown} · ${charts.find(([k]) => k === selected.chart)?.[1] ?? ''}`
    : ''

  const toolbar = (
    <>
      <YearNav year={shown} {...periodSteps((e) => actor.send(e))} />
      <PeriodActions
        className="dashboard__actions"
        current={<Trans>This year</Trans>}
        onCurrent={() => actor.send({ type: 'THIS_YEAR' })}
        onRefresh={() => actor.send({ type: 'REFRESH' })}
      />
    </>
  )

  return (
    <Page className="dashboard dashboard--yearly" title={<Trans>Yearly dashboard</Trans>} busy={busy} toolbar={toolbar}>
      {failed && <ConnectionFailed />}
      {charts.map(([kind, title, rows]) => (
        <section className={`chart-card chart-card--${kind}`} key={kind} data-chart={kind}>
          <BarChart
            title={title}
            bars={monthBars(rows)}
            monthNames={monthNames}
            seriesLabels={seriesLabels}
            initialWidth={initialWidth}
            onSelectMonth={(month) => actor.send({ type: 'SELECT_MONTH', chart: kind, month })}
          />
        </section>
      ))}
      <SummaryExport year={shown} disabled={busy} download={download} save={save} />
      <YearEnd year={shown} effects={yearEnd} />
      {selected && selectedRow && (
        <MonthPopup title={selectedTitle} row={selectedRow} onClose={() => actor.send({ type: 'CLOSE_MONTH' })} />
      )}
    </Page>
  )
}
