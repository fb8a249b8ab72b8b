import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { AssetsPage } from './AssetsPage.tsx'
import { assetsEffects } from './fixtures.ts'
import { messageStore } from '../../ui/messages.tsx'

const meta: Meta = {
  title: 'Assets/Improvements, disposal, stock-taking',
  parameters: { route: '/companydashboard/assets' },
}
export default meta
type Story = StoryObj

/** Every copy (pl/en × light/dark) has loaded; the first copy (Polish) is the one the play works in. */
const firstCopy = async (canvasElement: HTMLElement) => {
  await waitFor(() => expect(canvasElement.querySelector('[aria-busy="true"]')).toBeNull())
  return within((canvasElement.querySelector('.sb-cell') as HTMLElement | null) ?? canvasElement)
}

/** An improvement raises the value; a transfer to private use, then a sale within six years, books revenue and cost. */
export const ImproveDisposeSell: Story = {
  render: () => <AssetsPage effects={assetsEffects()} year={2026} />,
  play: async ({ canvasElement }) => {
    const page = await firstCopy(canvasElement)
    await userEvent.click(page.getByRole('button', { name: 'Laptop Dell' }))
    const improvement = await page.findByRole('form', { name: 'Ulepszenie' })
    const form = within(improvement)
    // Nothing typed: the API names the fields, in Polish.
    await userEvent.click(form.getByRole('button', { name: 'Zapisz ulepszenie' }))
    await expect(
      await form.findByText('Kwota musi być liczbą dodatnią z najwyżej 2 miejscami po przecinku'),
    ).toBeTruthy()
    await userEvent.type(form.getByLabelText('Data ulepszenia'), '2026-05-10')
    // Up to 10 000 zł in the year: a cost of its month, the value stays.
    await userEvent.type(form.getByLabelText('Kwota (netto)'), '1000')
    await userEvent.click(form.getByRole('button', { name: 'Zapisz ulepszenie' }))
    await waitFor(() =>
      expect(messageStore.getSnapshot().some((m) => /^Zapisano jako koszt miesiąca/.test(String(m.text)))).toBe(true),
    )
    // Another 12 000 in the same year: an improvement of 13 000 raises the value of 8 000 to 21 000.
    await userEvent.type(form.getByLabelText('Data ulepszenia'), '2026-05-20')
    await userEvent.type(form.getByLabelText('Kwota (netto)'), '12000')
    await userEvent.click(form.getByRole('button', { name: 'Zapisz ulepszenie' }))
    await waitFor(() => expect(page.getAllByText(/21[\s\u00a0]?000,00/).length).toBeGreaterThan(0))
    const disposal = within(page.getByRole('form', { name: 'Wycofanie z ewidencji' }))
    await userEvent.selectOptions(disposal.getByLabelText('Przyczyna'), 'privateUse')
    await userEvent.type(disposal.getByLabelText('Data'), '2026-06-15')
    await userEvent.click(disposal.getByRole('button', { name: 'Zapisz wycofanie z ewidencji' }))
    const sale = within(await page.findByRole('region', { name: 'Sprzedaż po przekazaniu na cele prywatne' }))
    await expect(sale.getByTestId('six-years').textContent).toMatch(/30\.06\.2032|2032/)
    await userEvent.type(sale.getByLabelText('Data sprzedaży'), '2027-02-01')
    await userEvent.type(sale.getByLabelText('Cena'), '3000')
    await userEvent.click(sale.getByRole('button', { name: 'Zapisz sprzedaż' }))
    const result = await sale.findByTestId('private-sale')
    await expect(result.textContent).toMatch(/3[\s\u00a0]?000,00/)
  },
}

/** The stock-taking of a year: a bad value is refused with its field; a good one changes the year's income. */
export const StockTaking: Story = {
  render: () => <AssetsPage effects={assetsEffects()} year={2026} />,
  play: async ({ canvasElement }) => {
    const page = await firstCopy(canvasElement)
    const form = within(await page.findByRole('form', { name: 'Zapisz spis z natury' }))
    await userEvent.type(form.getByLabelText('Wartość spisu'), '-5')
    await userEvent.click(form.getByRole('button', { name: 'Zapisz spis z natury' }))
    await expect(
      await form.findByText('Wartość musi być liczbą nieujemną z najwyżej 2 miejscami po przecinku'),
    ).toBeTruthy()
    await userEvent.clear(form.getByLabelText('Wartość spisu'))
    await userEvent.type(form.getByLabelText('Wartość spisu'), '4500')
    await userEvent.click(form.getByRole('button', { name: 'Zapisz spis z natury' }))
    await waitFor(() => expect(page.getByTestId('inventory-totals').textContent).toMatch(/4[\s\u00a0]?500,00/))
  },
}

/** A change of use for VAT (art. 91): a missing input VAT is named; given, the yearly corrections are listed. */
export const VatUseChange: Story = {
  render: () => <AssetsPage effects={assetsEffects()} year={2026} />,
  play: async ({ canvasElement }) => {
    const page = await firstCopy(canvasElement)
    await userEvent.click(page.getByRole('button', { name: 'Samochód dostawczy' }))
    const form = within(await page.findByRole('form', { name: 'Zmiana wykorzystania do VAT' }))
    await userEvent.type(form.getByLabelText('Od dnia'), '2026-07-01')
    await userEvent.type(form.getByLabelText('Udział wykorzystania do sprzedaży opodatkowanej (%)'), '0')
    await userEvent.click(form.getByRole('button', { name: 'Zapisz zmianę wykorzystania' }))
    // The asset was not entered from a purchase: its input VAT is asked for.
    await waitFor(() =>
      expect(form.getByLabelText(/VAT naliczony przy nabyciu/).getAttribute('aria-invalid')).toBe('true'),
    )
    await userEvent.type(
      form.getByLabelText('VAT naliczony przy nabyciu (tylko dla środka nie wprowadzonego z zakupu)'),
      '23000',
    )
    await userEvent.click(form.getByRole('button', { name: 'Zapisz zmianę wykorzystania' }))
    // A fifth of the 23 000 zł a year, in each January's declaration through the period's end.
    const list = await form.findByTestId('vat-corrections')
    await expect(list.textContent).toMatch(/2027-01: [−-]4[\s\u00a0\u202f]?600,00/)
    await expect(list.textContent).toMatch(/2030-01/)
  },
}
