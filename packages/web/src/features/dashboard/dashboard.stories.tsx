import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { useState } from 'react'
import { CostSummaryCard } from './components/CostSummaryCard.tsx'
import { ItemList } from './components/ItemCard.tsx'
import { PitCard } from './components/PitCard.tsx'
import { SocialSecurityCard } from './components/SocialSecurityCard.tsx'
import { SummaryTable } from './components/SummaryTable.tsx'
import { TransactionsTable } from './components/TransactionsTable.tsx'
import { VatCard } from './components/VatCard.tsx'
import { DashboardLanding } from './DashboardLanding.tsx'
import {
  fixtureEmptySocialSecurity,
  fixtureFlatTwoRates,
  fixtureMonth,
  fixtureNewVatPayerVat,
  fixtureVatExcess,
  fixturePaidThenChanged,
  fixtureProratedSocialSecurity,
  fixtureSummary,
} from './fixtures.ts'
import type { CostGroups } from './monthly/monthlyMachine.ts'
import { MonthlyDashboard } from './monthly/MonthlyDashboard.tsx'
import type { FlagsResult, Transaction, TransactionFlags } from './types.ts'
import { BarChart } from './yearly/BarChart.tsx'
import { monthBars } from './yearly/chartData.ts'
import { MonthPopup } from './yearly/MonthPopup.tsx'
import { YearEnd } from './yearly/YearEnd.tsx'
import type { SummaryRequest } from './yearly/SummaryExport.tsx'
import { YearlyDashboard } from './yearly/YearlyDashboard.tsx'
import { yearEnd2025, yearEnd2026, yearEndRows } from './yearly/yearEndFixtures.ts'
import './dashboard.css'

const meta: Meta = { title: 'Dashboard', parameters: { route: '/dashboard/monthly' } }
export default meta
type Story = StoryObj

const byType = (eventType: string) => fixtureMonth().filter((t) => t.eventType === eventType)
const noop = () => {}

/** Cards keep their flags in local state, as the page's machine would. */
const useFlags = (initial: Transaction[]) => {
  const [rows, setRows] = useState(initial)
  const onFlags = (id: string, flags: TransactionFlags) =>
    setRows((all) => all.map((t) => (t.id === id ? { ...t, ...flags } : t)))
  return [rows, onFlags] as const
}

const Frame = ({ children }: { children: React.ReactNode }) => (
  <div className="dashboard" style={{ maxWidth: 600 }}>
    {children}
  </div>
)

/** A story of one card or table in the dashboard's frame. */
const framed = (content: () => React.ReactNode, parameters?: Story['parameters']): Story => ({
  render: () => <Frame>{content()}</Frame>,
  ...(parameters && { parameters }),
})

const yearly = { route: '/dashboard/yearly' }

export const Landing: Story = { render: () => <DashboardLanding /> }

export const PrimaryTable: Story = framed(() => <TransactionsTable transactions={fixtureMonth()} />)

export const VatCardWithPaymentFor: Story = {
  render: () => {
    const [rows, onFlags] = useFlags(byType('3_Vat'))
    return <Frame>{rows[0] && <VatCard transaction={rows[0]} onFlags={onFlags} />}</Frame>
  },
}

/** Paid at 1 725.00, the VAT is 1 840.00 after a back-dated invoice: paid, now and what remains. */
export const VatCardPaidThenChanged: Story = {
  render: () => {
    const [rows, onFlags] = useFlags(fixturePaidThenChanged().filter((t) => t.eventType === '3_Vat'))
    return <Frame>{rows[0] && <VatCard transaction={rows[0]} onFlags={onFlags} />}</Frame>
  },
}

/** Paid from a bank statement: the card says the day and the amount paid ("zapłacono 20 lut 2026, 2 300,00 zł"). */
export const VatCardPaidFromBank: Story = {
  render: () => {
    const vat = byType('3_Vat')[0]!
    const [rows, onFlags] = useFlags([
      { ...vat, completed: true, paidAmount: vat.dataObject.sum, remainingAmount: '0.00', paidOn: '2026-02-20' },
    ])
    return <Frame>{rows[0] && <VatCard transaction={rows[0]} onFlags={onFlags} />}</Frame>
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect((await canvas.findAllByText(/zapłacono 20 lut 2026,|paid 20 Feb 2026,/)).length).toBeGreaterThan(0)
  },
}

export const VatCardNothingRelated: Story = {
  render: () => {
    const vat = byType('3_Vat')[0]!
    const zero: Transaction = {
      ...vat,
      dataObject: { ...vat.dataObject, amount: '0.00', sum: '0.00', relatedTransactionsSum: '0.00' },
    }
    return (
      <Frame>
        <VatCard transaction={zero} onFlags={noop} />
      </Frame>
    )
  },
}

export const PitCardOverdue: Story = {
  render: () => {
    const [rows, onFlags] = useFlags(byType('4_Pit'))
    return <Frame>{rows[0] && <PitCard transaction={rows[0]} onFlags={onFlags} />}</Frame>
  },
}

export const SocialSecurity: Story = {
  render: () => {
    const [rows, onFlags] = useFlags(byType('5_SocialSecurity'))
    return <Frame>{rows[0] && <SocialSecurityCard transaction={rows[0]} onFlags={onFlags} />}</Frame>
  },
}

export const SocialSecurityNotData: Story = framed(() => (
  <SocialSecurityCard transaction={fixtureEmptySocialSecurity()} onFlags={noop} />
))

export const PrimaryTablePaidThenChanged: Story = framed(() => (
  <TransactionsTable transactions={fixturePaidThenChanged()} />
))

/** A new VAT payer who chose quarterly settlement: monthly, with the reason and the return's fields. */
export const VatCardNewVatPayer: Story = framed(() => <VatCard transaction={fixtureNewVatPayerVat()} onFlags={noop} />)

/** An excess of input VAT: the card offers to ask for it back (the effects answer at once). */
const refundEffects = { save: async () => ({}), withdraw: async () => ({}), onChanged: noop }
export const VatCardExcess: Story = framed(() => (
  <VatCard transaction={fixtureVatExcess()} onFlags={noop} refund={refundEffects} />
))

/** A refund of 3 000 of the 4 370 excess asked for in 40 days, 500 of it set against a PIT advance. */
export const VatCardRefundAsked: Story = framed(() => (
  <VatCard transaction={fixtureVatExcess(true)} onFlags={noop} refund={refundEffects} />
))

/** Ryczałt at two rates: the tax and the deductions of each rate. */
export const PitCardFlatTwoRates: Story = framed(() => <PitCard transaction={fixtureFlatTwoRates()} onFlags={noop} />)

/** A business started on 16 March: social contributions for 16 of 31 days, health in full. */
export const SocialSecurityProrated: Story = framed(() => (
  <SocialSecurityCard transaction={fixtureProratedSocialSecurity()} onFlags={noop} />
))

export const CostSummary: Story = {
  render: () => {
    const [groups, setGroups] = useState<CostGroups>({ vat: true, pit: true, socialSecurity: true, companyFees: true })
    return (
      <Frame>
        <CostSummaryCard
          transactions={fixtureMonth()}
          groups={groups}
          onChange={(g, v) => setGroups((all) => ({ ...all, [g]: v }))}
        />
      </Frame>
    )
  },
}

export const RevenueAndFeeLists: Story = {
  render: () => {
    const [rows, onFlags] = useFlags(fixtureMonth())
    return (
      <Frame>
        <ItemList
          title="Revenues"
          transactions={rows.filter((t) => t.eventType === '1_Revenue')}
          onFlags={onFlags}
          onDelete={noop}
        />
        <ItemList
          title="Fees"
          transactions={rows.filter((t) => t.eventType === '2_Fee')}
          onFlags={onFlags}
          onDelete={noop}
        />
      </Frame>
    )
  },
}

export const Summary: Story = framed(() => <SummaryTable rows={fixtureSummary(true)} />)

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]
const labels = { incomes: 'Incomes', expenses: 'Expenses', summary: 'Summary' }

export const MonthlyChart: Story = framed(() => (
  <BarChart
    title="Monthly (Incomes & Expenses)"
    bars={monthBars(fixtureSummary(false))}
    monthNames={monthNames}
    seriesLabels={labels}
    onSelectMonth={noop}
    initialWidth={560}
  />
))

export const IncreasingChartAt400: Story = {
  render: () => (
    <div className="dashboard" style={{ width: 400 }}>
      <BarChart
        title="Increasing (Incomes & Expenses)"
        bars={monthBars(fixtureSummary(true))}
        monthNames={monthNames}
        seriesLabels={labels}
        onSelectMonth={noop}
        initialWidth={380}
      />
    </div>
  ),
}

export const EmptyChart: Story = framed(() => (
  <BarChart
    title="Monthly (Incomes & Expenses)"
    bars={[]}
    monthNames={monthNames}
    seriesLabels={labels}
    onSelectMonth={noop}
  />
))

export const MonthBarsPopup: Story = {
  render: () => (
    <div className="dashboard" style={{ minHeight: 420 }}>
      <MonthPopup title="March 2026 · Monthly (Incomes & Expenses)" row={fixtureSummary(false)[2]!} onClose={noop} />
    </div>
  ),
}

/** The year end as the API answers it: 2025 after the year, 2026 in March (projected from April). */
const yearEndEffects = {
  loadYearEnd: async ({ year, flatRate }: { year: number; flatRate: string | null }) => {
    const report = year === 2026 ? yearEnd2026 : { ...yearEnd2025, year }
    return flatRate === null || !report.comparison
      ? report
      : { ...report, comparison: { ...report.comparison, flatRate, flatRateAssumed: false } }
  },
}

const okEffects = {
  loadMonth: async () => ({ transactions: fixtureMonth(), summary: fixtureSummary(true) }),
  reset: async () => fixtureMonth(),
  saveFlags: async ({ id, flags }: { id: string; flags: TransactionFlags }): Promise<FlagsResult> => ({
    id,
    completed: flags.completed ?? false,
    notification: flags.notification ?? false,
    notificationCompleted: false,
  }),
  deleteItem: async () => {},
  loadYear: async ({ year }: { year: number }) => ({
    monthly: fixtureSummary(false, year),
    increasing: fixtureSummary(true, year),
  }),
}

const memoryStorage = () => {
  const m = new Map<string, string>()
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) }
}

export const MonthlyPage: Story = {
  render: () => <MonthlyDashboard effects={okEffects} today="2026-03-22" storage={memoryStorage()} />,
}

export const MonthlyPageApiDown: Story = {
  render: () => (
    <MonthlyDashboard
      effects={{
        ...okEffects,
        loadMonth: async () => {
          throw Object.assign(new Error('Unknown Error'), { status: 0 })
        },
      }}
      today="2026-03-22"
      storage={memoryStorage()}
    />
  ),
}

export const YearlyPage: Story = {
  parameters: { route: '/dashboard/yearly' },
  render: () => <YearlyDashboard effects={okEffects} yearEnd={yearEndEffects} year={2026} initialWidth={560} />,
}

/** The summary to a spreadsheet: the Polish Excel file of the year's month rows, asked of the API, saved as it came. */
export const YearlySummaryExport: Story = {
  parameters: { route: '/dashboard/yearly' },
  render: () => (
    <YearlyDashboard
      effects={okEffects}
      yearEnd={yearEndEffects}
      year={2026}
      initialWidth={560}
      download={async (r) => {
        summaryRequests.push(r)
        return { fileName: r.fileName, bytes: new TextEncoder().encode('\uFEFFmonth;summary\r\n') }
      }}
      save={() => undefined}
    />
  ),
  play: async ({ canvasElement }) => {
    summaryRequests.length = 0
    const canvas = within(canvasElement)
    await waitFor(() => expect(canvasElement.querySelector('[aria-busy="true"]')).toBeNull())
    await userEvent.click(
      canvas.getAllByRole('button', { name: /^(Download the summary for Excel|Pobierz podsumowanie dla Excela)$/ })[0]!,
    )
    await waitFor(() => expect(summaryRequests).toHaveLength(1))
    await expect(summaryRequests[0]).toEqual({
      year: 2026,
      cumulative: false,
      excel: true,
      fileName: 'Podsumowanie_2026_Excel.csv',
    })
  },
}
const summaryRequests: SummaryRequest[] = []

export const YearlyPageApiDown: Story = {
  parameters: { route: '/dashboard/yearly' },
  render: () => (
    <YearlyDashboard
      effects={{
        loadYear: async () => {
          throw Object.assign(new Error('Unknown Error'), { status: 0 })
        },
      }}
      yearEnd={yearEndEffects}
      year={2026}
    />
  ),
}

export const YearEndAfterTheYear: Story = framed(() => <YearEnd year={2025} effects={yearEndEffects} />, yearly)

export const YearEndPreview: Story = framed(() => <YearEnd year={2026} effects={yearEndEffects} />, yearly)

export const YearEndApiDown: Story = framed(
  () => (
    <YearEnd
      year={2026}
      effects={{
        loadYearEnd: async () => {
          throw Object.assign(new Error('Unknown Error'), { status: 0 })
        },
      }}
    />
  ),
  yearly,
)

/** The year-end rows of April and May: PIT-36's difference and the health settlement, with their flags. */
export const YearEndRows: Story = {
  render: () => {
    const [rows, onFlags] = useFlags(yearEndRows)
    return (
      <Frame>
        {rows[0] && <PitCard transaction={rows[0]} onFlags={onFlags} />}
        {rows[1] && <SocialSecurityCard transaction={rows[1]} onFlags={onFlags} />}
      </Frame>
    )
  },
}
