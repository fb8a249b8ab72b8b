import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { ApiError } from '../../api/client.ts'
import { BooksPage } from './BooksPage.tsx'
import { emptyBook, ewpBook, kpirBook } from './fixtures.ts'
import type { BookView } from './types.ts'

const meta: Meta = { title: 'Books', parameters: { route: '/companydashboard/books' } }
export default meta
type Story = StoryObj

const download = async () => ({ fileName: 'JPK_PKPIR_2026.xml', xml: '<JPK/>' })
const keep = () => {}
const effects = (loadBook: (r: { year: number; month: number | null }) => Promise<BookView>) => ({
  loadBook,
  downloadJpk: download,
})

/** Every copy of the story (pl/en × light/dark) has finished loading. */
const loaded = (canvasElement: HTMLElement) =>
  waitFor(() => expect(canvasElement.querySelector('[aria-busy="true"]')).toBeNull())

/** A Linear year: the KPiR by month, the 19 columns of 2026, a correction entered after January closed. */
export const Kpir: Story = {
  render: () => <BooksPage effects={effects(async ({ month }) => kpirBook(month))} year={2026} save={keep} />,
  play: async ({ canvasElement }) => {
    await loaded(canvasElement)
    const canvas = within(canvasElement)
    const tables = canvas.getAllByRole('table')
    await expect(tables.length).toBeGreaterThan(0)
    for (const t of tables) await expect(within(t).getAllByRole('rowgroup')).toHaveLength(4)
    await expect(
      canvas.getAllByText(/Corrects entry 1\/2026 of 8 Jan 2026|Korekta zapisu nr 1\/2026 z 8 sty 2026/).length,
    ).toBe(tables.length)
  },
}

/** The month filter: February only; the year-to-date totals stay. */
export const KpirOneMonth: Story = {
  render: () => <BooksPage effects={effects(async ({ month }) => kpirBook(month))} year={2026} save={keep} />,
  play: async ({ canvasElement }) => {
    await loaded(canvasElement)
    const canvas = within(canvasElement)
    for (const select of canvas.getAllByRole('combobox', { name: /Month|Miesiąc/ }))
      await userEvent.selectOptions(select, '2')
    await loaded(canvasElement)
    for (const t of canvas.getAllByRole('table')) await expect(within(t).getAllByRole('rowgroup')).toHaveLength(2)
  },
}

/** A ryczałt year with two rates: one column per rate, highest first. */
export const Ewidencja: Story = {
  render: () => <BooksPage effects={effects(async () => ewpBook())} year={2026} save={keep} />,
  play: async ({ canvasElement }) => {
    await loaded(canvasElement)
    const canvas = within(canvasElement)
    await expect(canvas.getAllByRole('columnheader', { name: '12%' }).length).toBeGreaterThan(0)
    await expect(canvas.getAllByRole('columnheader', { name: '8,5%' }).length).toBeGreaterThan(0)
  },
}

/** No entries yet, and company data the JPK file needs is missing: the download is off and says why. */
export const Empty: Story = {
  render: () => <BooksPage effects={effects(async () => emptyBook())} year={2025} save={keep} />,
  play: async ({ canvasElement }) => {
    await loaded(canvasElement)
    const canvas = within(canvasElement)
    for (const b of canvas.getAllByRole('button', { name: /JPK_PKPIR/ })) await expect(b).toBeDisabled()
    await expect(
      canvas.getAllByText(/Birth date is required for a JPK file|Do pliku JPK potrzebna jest data urodzenia/).length,
    ).toBeGreaterThan(0)
  },
}

/** The API cannot be reached: an error with a retry. */
export const ApiDown: Story = {
  render: () => (
    <BooksPage
      effects={effects(async () => {
        throw new ApiError({ status: 0, statusText: 'Unknown Error' })
      })}
      year={2026}
      save={keep}
    />
  ),
  play: async ({ canvasElement }) => {
    await loaded(canvasElement)
    const canvas = within(canvasElement)
    await expect(canvas.getAllByRole('button', { name: /Try again|Spróbuj ponownie/ }).length).toBeGreaterThan(0)
  },
}

/** Loading: the call never answers. */
export const Loading: Story = {
  render: () => <BooksPage effects={effects(() => new Promise<BookView>(() => {}))} year={2026} save={keep} />,
}
