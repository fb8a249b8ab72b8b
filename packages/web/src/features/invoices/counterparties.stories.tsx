import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test'
import { ApiError } from '../../api/client.ts'
import { CounterpartiesPage } from './CounterpartiesPage.tsx'
import { invoicesEffects, sampleDraft } from './fixtures.ts'

const meta: Meta = {
  title: 'Invoices/Counterparties',
  parameters: { route: '/companydashboard/invoices/counterparties' },
}
export default meta
type Story = StoryObj

/** Every copy of the story (pl/en × light/dark) has finished loading. */
const loaded = (canvasElement: HTMLElement) =>
  waitFor(() => expect(canvasElement.querySelector('[aria-busy="true"]')).toBeNull())

const inputs = (canvasElement: HTMLElement, name: string) => [
  ...canvasElement.querySelectorAll<HTMLInputElement>(`form input[name="${name}"]`),
]

/** The buyer of a saved draft is remembered: it is listed with its NIP and address. */
export const List: Story = {
  render: () => <CounterpartiesPage effects={invoicesEffects([sampleDraft], 0)} />,
  play: async ({ canvasElement }) => {
    await loaded(canvasElement)
    const canvas = within(canvasElement)
    await expect(canvas.getAllByRole('rowheader', { name: 'ACME sp. z o.o.' })).toHaveLength(4)
    await expect(canvas.getAllByRole('cell', { name: '5260001246' })).toHaveLength(4)
    await expect(canvas.getAllByRole('button', { name: /^(Zmień|Change) ACME sp\. z o\.o\.$/ })).toHaveLength(4)
  },
}

/** No counterparty yet: the screen says how one comes (added here, or remembered from an invoice). */
export const Empty: Story = {
  render: () => <CounterpartiesPage effects={invoicesEffects([], 0)} />,
  play: async ({ canvasElement }) => {
    await loaded(canvasElement)
    const canvas = within(canvasElement)
    await expect(canvas.queryAllByRole('table')).toHaveLength(0)
    await expect(canvas.getAllByText(/^(Nie ma jeszcze kontrahentów|No counterparties yet)/)).toHaveLength(4)
  },
}

/** The first load fails: the screen says so and offers a retry, which lists them. */
export const LoadFailed: Story = {
  render: () => {
    const fx = invoicesEffects([sampleDraft], 0)
    let calls = 0
    return (
      <CounterpartiesPage
        effects={{
          ...fx,
          counterparties: async () => {
            calls += 1
            if (calls === 1) throw new ApiError({ status: 503, statusText: 'Service Unavailable' })
            return fx.counterparties()
          },
        }}
      />
    )
  },
  play: async ({ canvasElement }) => {
    await loaded(canvasElement)
    const canvas = within(canvasElement)
    await expect(
      canvas.getAllByText(/^(Nie udało się wczytać kontrahentów|The counterparties could not be loaded)/),
    ).toHaveLength(4)
    for (const b of canvas.getAllByRole('button', { name: /^(Spróbuj ponownie|Try again)$/ })) await userEvent.click(b)
    await loaded(canvasElement)
    await waitFor(() => expect(canvas.getAllByRole('rowheader', { name: 'ACME sp. z o.o.' })).toHaveLength(4))
  },
}

/**
 * Adding a counterparty: a NIP with a wrong check digit is named when the field is left, in the user's language; the
 * right one is saved with Enter and listed.
 */
export const AddWithNip: Story = {
  render: () => <CounterpartiesPage effects={invoicesEffects([], 0)} />,
  play: async ({ canvasElement }) => {
    await loaded(canvasElement)
    const canvas = within(canvasElement)
    for (const b of canvas.getAllByRole('button', { name: /^(Dodaj kontrahenta|Add counterparty)$/ }))
      await userEvent.click(b)
    // The name field has the focus in the last copy.
    await expect(inputs(canvasElement, 'name').at(-1)).toHaveFocus()
    for (const i of inputs(canvasElement, 'name')) fireEvent.change(i, { target: { value: 'Nowak Design' } })
    for (const i of inputs(canvasElement, 'taxId')) {
      fireEvent.change(i, { target: { value: '526-025-02-75' } })
      fireEvent.focusOut(i)
    }
    await waitFor(() =>
      expect(canvas.getAllByText(/^(Nieprawidłowa suma kontrolna NIP|Nip checksum is not valid)$/)).toHaveLength(4),
    )
    for (const i of inputs(canvasElement, 'taxId')) fireEvent.change(i, { target: { value: '526-025-02-74' } })
    await expect(canvas.queryAllByText(/^(Nieprawidłowa suma kontrolna NIP|Nip checksum is not valid)$/)).toHaveLength(
      0,
    )
    for (const f of canvasElement.querySelectorAll('form')) fireEvent.submit(f)
    await loaded(canvasElement)
    await waitFor(() => expect(canvas.getAllByRole('rowheader', { name: 'Nowak Design' })).toHaveLength(4))
    await expect(canvas.getAllByRole('cell', { name: '5260250274' })).toHaveLength(4)
    await expect(canvasElement.querySelectorAll('form')).toHaveLength(0)
  },
}

/** Changing a counterparty: the form holds its data; Escape leaves it unchanged, a save lists the new address. */
export const Edit: Story = {
  render: () => <CounterpartiesPage effects={invoicesEffects([sampleDraft], 0)} />,
  play: async ({ canvasElement }) => {
    await loaded(canvasElement)
    const canvas = within(canvasElement)
    const change = () => canvas.getAllByRole('button', { name: /^(Zmień|Change) ACME sp\. z o\.o\.$/ })
    for (const b of change()) await userEvent.click(b)
    await expect(inputs(canvasElement, 'address').map((i) => i.value)).toEqual(
      Array(4).fill('ul. Prosta 1, 00-001 Warszawa'),
    )
    for (const f of canvasElement.querySelectorAll('form')) fireEvent.keyDown(f, { key: 'Escape' })
    await expect(canvasElement.querySelectorAll('form')).toHaveLength(0)
    for (const b of change()) await userEvent.click(b)
    for (const i of inputs(canvasElement, 'address'))
      fireEvent.change(i, { target: { value: 'ul. Krzywa 2, 00-002 Warszawa' } })
    for (const f of canvasElement.querySelectorAll('form')) fireEvent.submit(f)
    await loaded(canvasElement)
    await waitFor(() => expect(canvas.getAllByRole('cell', { name: 'ul. Krzywa 2, 00-002 Warszawa' })).toHaveLength(4))
  },
}
