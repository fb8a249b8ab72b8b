import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { itemsPageStory } from '../fees/items/itemStories.tsx'
import { allRecords, inServices, WithServices } from '../company/test/fixtures.tsx'
import { ItemsPage } from '../fees/items/ItemsPage.tsx'
import { RevenuesLanding } from './RevenuesLanding.tsx'

const meta: Meta = { title: 'Revenues', parameters: { route: '/companydashboard/revenues' } }
export default meta
type Story = StoryObj

const TODAY = '2026-11-23'

/** companydashboard/revenues: the Recurring and Fixed boxes. */
export const Landing: Story = { render: () => <RevenuesLanding /> }

/** 'Add Recuring Income' and the recurring incomes with VAT amount and sum. */
export const RecurringIncomes: Story = itemsPageStory('RecurringIncome', '/companydashboard/revenues/recurring', TODAY)

/** 'Add One Time Income' and the list. */
export const FixedIncomes: Story = itemsPageStory('Income', '/companydashboard/revenues/fixed', TODAY)

/** No incomes yet. */
export const Empty: Story = {
  render: inServices([], <ItemsPage dataType="Income" today={TODAY} />),
}

/** Editing an income card with 'Company income' ticked. */
export const EditingCompanyIncome: Story = {
  render: inServices(allRecords, <ItemsPage dataType="RecurringIncome" today={TODAY} />),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // Every copy of the list loads on its own: wait for all of them, not just the first card to appear.
    await waitFor(() => expect(canvasElement.querySelector('[aria-busy="true"]')).toBeNull())
    const cards = () =>
      canvas
        .getAllByRole('heading', { name: 'Consulting' })
        .map((h) => h.closest('section'))
        .filter((card) => card !== null)
    for (const card of cards()) await userEvent.click(within(card).getByRole('button', { name: /^(Edit|Edytuj)$/ }))
    for (const card of cards())
      await expect(within(card).getByRole('checkbox', { name: /Company income|Przychód firmowy/ })).toBeChecked()
  },
}

/** NBP table A tables the in-memory books hold for the currency stories: 19–20 November 2026, recorded 1–22 November. */
const novemberRates = {
  rates: {
    from: '2026-11-01',
    to: '2026-11-22',
    tables: [
      { no: '223/A/NBP/2026', date: '2026-11-19', rates: { EUR: '4.2290', USD: '3.8700' } },
      { no: '224/A/NBP/2026', date: '2026-11-20', rates: { EUR: '4.2345', USD: '3.8800' } },
    ],
  },
}

/** In every copy of the add form: EUR chosen and 1000 typed as the net amount in it. */
const typeEuroIncome = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement)
  await waitFor(() => expect(canvasElement.querySelector('[aria-busy="true"]')).toBeNull())
  for (const select of canvas.getAllByLabelText(/^(Currency|Waluta)$/)) await userEvent.selectOptions(select, 'EUR')
  for (const amount of canvas.getAllByLabelText(/^(Net amount in EUR|Kwota netto w EUR)/))
    await userEvent.type(amount, '1000')
  return canvas
}

/**
 * A one-time income in EUR: choosing the currency hides the złoty amount; before saving, the form shows the VAT base
 * and the revenue in złoty at the table of Friday 20 November (the last working day before Monday 23 November).
 */
export const IncomeInEuro: Story = {
  render: () => (
    <WithServices records={[]} options={novemberRates}>
      <ItemsPage dataType="Income" today={TODAY} />
    </WithServices>
  ),
  play: async ({ canvasElement }) => {
    const canvas = await typeEuroIncome(canvasElement)
    await waitFor(() => expect(canvas.getAllByText(/224\/A\/NBP\/2026/)).toHaveLength(8))
    await expect(canvas.queryAllByLabelText(/^(Amount|Kwota)$/)).toHaveLength(0)
    await expect(canvas.getAllByText(/^(4[\s\u00a0]?234,50[\s\u00a0]zł|PLN[\s\u00a0]4,234\.50) —/)).toHaveLength(8)
  },
}

/** The same income dated before the tables the books hold: the form says which rate is missing, in the reader's language. */
export const IncomeInEuroWithoutRate: Story = {
  render: () => (
    <WithServices records={[]} options={novemberRates}>
      <ItemsPage dataType="Income" today="2026-11-02" />
    </WithServices>
  ),
  play: async ({ canvasElement }) => {
    const canvas = await typeEuroIncome(canvasElement)
    await waitFor(() =>
      expect(canvas.getAllByText(/(No NBP table A rate of EUR|Brak kursu średniego EUR w tabeli A NBP)/)).toHaveLength(
        4,
      ),
    )
    await expect(canvas.getAllByText(/Brak kursu średniego EUR w tabeli A NBP z dnia 30 paź 2026/)).toHaveLength(2)
  },
}
