import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { ApiError } from '../../api/client.ts'
import { AssetsPage } from './AssetsPage.tsx'
import { monthDepreciation } from '@finance/ledger-core'
import { fixtureMonth, fixtureSummary } from '../dashboard/fixtures.ts'
import { MonthlyDashboard } from '../dashboard/monthly/MonthlyDashboard.tsx'
import { assetsEffects, sampleAssets } from './fixtures.ts'

const meta: Meta = { title: 'Assets', parameters: { route: '/companydashboard/assets' } }
export default meta
type Story = StoryObj

/** Every copy of the story (pl/en × light/dark) has finished loading. */
const loaded = (canvasElement: HTMLElement) =>
  waitFor(() => expect(canvasElement.querySelector('[aria-busy="true"]')).toBeNull())

/** The 2026 register: a laptop and a van on the degressive method, with the year's totals. */
export const Register: Story = {
  render: () => <AssetsPage effects={assetsEffects()} year={2026} />,
  play: async ({ canvasElement }) => {
    await loaded(canvasElement)
    const canvas = within(canvasElement)
    const tables = canvas.getAllByRole('table')
    await expect(tables.length).toBeGreaterThan(0)
    // The van first (entered on 10 March), then the laptop; totals in the footer.
    await expect(canvas.getAllByRole('button', { name: 'Samochód dostawczy' }).length).toBe(tables.length)
    // The year's write-offs and their deductible part: both in each copy's footer.
    await expect(canvas.getAllByText(/30[\s\u00a0]?399,96|30,399\.96/).length).toBe(2 * tables.length)
  },
}

/** Choosing an asset opens its card: the plan year by year, the switch to straight-line. */
export const Card: Story = {
  render: () => <AssetsPage effects={assetsEffects()} year={2026} />,
  play: async ({ canvasElement }) => {
    await loaded(canvasElement)
    const canvas = within(canvasElement)
    for (const b of canvas.getAllByRole('button', { name: 'Samochód dostawczy' })) await userEvent.click(b)
    await loaded(canvasElement)
    await expect(canvas.getAllByText(/liniowo od|straight-line from/).length).toBeGreaterThan(0)
    await expect(canvas.getAllByRole('rowheader', { name: '2029' }).length).toBeGreaterThan(0)
  },
}

/** Entering an asset without a name: the field says why, in the user's language. */
export const EntryRefused: Story = {
  render: () => <AssetsPage effects={assetsEffects()} year={2026} />,
  play: async ({ canvasElement }) => {
    await loaded(canvasElement)
    const canvas = within(canvasElement)
    for (const b of canvas.getAllByRole('button', { name: /Wpisz do ewidencji|Enter in the register/ }))
      await userEvent.click(b)
    await waitFor(() =>
      expect(canvas.getAllByText(/^(Nazwa jest wymagana|Name is required)$/).length).toBeGreaterThan(0),
    )
  },
}

/** An empty register points to the form below. */
export const Empty: Story = {
  render: () => <AssetsPage effects={assetsEffects(new Map())} year={2026} />,
  play: async ({ canvasElement }) => {
    await loaded(canvasElement)
    await expect(within(canvasElement).getAllByRole('status').length).toBeGreaterThan(0)
  },
}

/** The API cannot be reached: an error with a retry. */
export const ApiDown: Story = {
  render: () => (
    <AssetsPage
      effects={{
        ...assetsEffects(),
        loadRegister: async () => {
          throw new ApiError({ status: 0, statusText: 'Unknown Error' })
        },
      }}
      year={2026}
    />
  ),
  play: async ({ canvasElement }) => {
    await loaded(canvasElement)
    await expect(
      within(canvasElement).getAllByRole('button', { name: /Spróbuj ponownie|Try again/ }).length,
    ).toBeGreaterThan(0)
  },
}

/** The monthly dashboard's depreciation row: the month's write-offs per asset, a cost and not a payment. */
export const DashboardDepreciation: Story = {
  parameters: { route: '/dashboard/monthly' },
  render: () => {
    const assets = sampleAssets()
    const memory = new Map<string, string>()
    return (
      <MonthlyDashboard
        effects={{
          loadMonth: async () => ({ transactions: fixtureMonth(), summary: fixtureSummary(true) }),
          reset: async () => fixtureMonth(),
          saveFlags: async ({ id }) => ({ id, completed: false, notification: false, notificationCompleted: false }),
          deleteItem: async () => {},
          loadDepreciation: async (month) => monthDepreciation(assets, month),
        }}
        today="2026-03-22"
        storage={{ getItem: (k) => memory.get(k) ?? null, setItem: (k, v) => void memory.set(k, v) }}
      />
    )
  },
  play: async ({ canvasElement }) => {
    await loaded(canvasElement)
    const canvas = within(canvasElement)
    // March 2026: the laptop 200 zł and the van 2 333.33 zł.
    await waitFor(() => expect(canvas.getAllByText(/Amortyzacja|Depreciation/).length).toBeGreaterThan(0))
    await expect(canvas.getAllByText(/2[\s\u00a0]?533,33|2,533\.33/).length).toBeGreaterThan(0)
  },
}
