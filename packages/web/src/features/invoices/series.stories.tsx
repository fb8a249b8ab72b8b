import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test'
import { invoicesEffects, sampleDraft } from './fixtures.ts'
import { SeriesPage } from './SeriesPage.tsx'

const meta: Meta = { title: 'Invoices/Number series', parameters: { route: '/companydashboard/invoices/series' } }
export default meta
type Story = StoryObj

const TODAY = '2026-03-10'

const loaded = (canvasElement: HTMLElement) =>
  waitFor(() => expect(canvasElement.querySelector('[aria-busy="true"]')).toBeNull())

const controls = (canvasElement: HTMLElement, name: string) => [
  ...canvasElement.querySelectorAll<HTMLInputElement | HTMLSelectElement>(`form [name="${name}"]`),
]
const previews = (canvasElement: HTMLElement) =>
  [...canvasElement.querySelectorAll('output[name="preview"]')].map((o) => o.textContent)

/** The series the first issue created: numbered per month, the next number after FV/2026/03/1. */
export const List: Story = {
  render: () => <SeriesPage effects={invoicesEffects([sampleDraft], 1)} today={TODAY} />,
  play: async ({ canvasElement }) => {
    await loaded(canvasElement)
    const canvas = within(canvasElement)
    await expect(canvas.getAllByRole('cell', { name: 'FV/2026/03/2' })).toHaveLength(4)
    await expect(canvas.getAllByRole('cell', { name: /^(co miesiąc|per month)$/ })).toHaveLength(4)
  },
}

/** No series yet: the screen says what the first invoice creates. */
export const Empty: Story = {
  render: () => <SeriesPage effects={invoicesEffects([], 0)} today={TODAY} />,
  play: async ({ canvasElement }) => {
    await loaded(canvasElement)
    const canvas = within(canvasElement)
    await expect(canvas.getAllByText(/FV\/\{YYYY\}\/\{MM\}\/\{N\}/)).toHaveLength(4)
  },
}

/**
 * A new yearly series: the preview shows its first number as the pattern is typed; a pattern without {N} is named at
 * once (in the user's language) and has no preview; the saved series is listed with its next number.
 */
export const AddWithPreview: Story = {
  render: () => <SeriesPage effects={invoicesEffects([], 0)} today={TODAY} />,
  play: async ({ canvasElement }) => {
    await loaded(canvasElement)
    const canvas = within(canvasElement)
    for (const b of canvas.getAllByRole('button', { name: /^(Dodaj serię|Add series)$/ })) await userEvent.click(b)
    await expect(previews(canvasElement)).toEqual(Array(4).fill('FV/2026/03/1'))
    for (const i of controls(canvasElement, 'name')) fireEvent.change(i, { target: { value: 'Sklep' } })
    for (const s of controls(canvasElement, 'reset')) fireEvent.change(s, { target: { value: 'year' } })
    for (const i of controls(canvasElement, 'pattern')) fireEvent.change(i, { target: { value: 'S/{YY}' } })
    await waitFor(() =>
      expect(
        canvas.getAllByText(
          /^(Wzorzec musi zawierać \{N\} dokładnie raz|The pattern must contain \{N\} exactly once)$/,
        ),
      ).toHaveLength(4),
    )
    await expect(previews(canvasElement)).toEqual(Array(4).fill('—'))
    for (const i of controls(canvasElement, 'pattern')) fireEvent.change(i, { target: { value: 'S/{N}/{YY}' } })
    await expect(previews(canvasElement)).toEqual(Array(4).fill('S/1/26'))
    for (const f of canvasElement.querySelectorAll('form')) fireEvent.submit(f)
    await loaded(canvasElement)
    await waitFor(() => expect(canvas.getAllByRole('rowheader', { name: 'Sklep' })).toHaveLength(4))
    await expect(canvas.getAllByRole('cell', { name: 'S/1/26' })).toHaveLength(4)
  },
}

/** A series that has given numbers: its pattern is read-only and the preview is its next number. */
export const UsedSeries: Story = {
  render: () => <SeriesPage effects={invoicesEffects([sampleDraft], 1)} today={TODAY} />,
  play: async ({ canvasElement }) => {
    await loaded(canvasElement)
    const canvas = within(canvasElement)
    for (const b of canvas.getAllByRole('button', { name: /^(Zmień|Change) Faktury$/ })) await userEvent.click(b)
    await expect(controls(canvasElement, 'pattern').every((i) => (i as HTMLInputElement).readOnly)).toBe(true)
    await expect(controls(canvasElement, 'reset').every((s) => s.disabled)).toBe(true)
    await expect(previews(canvasElement)).toEqual(Array(4).fill('FV/2026/03/2'))
  },
}
