import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { allRecords, WithServices } from '../company/test/fixtures.tsx'
import { ItemsPage } from '../fees/items/ItemsPage.tsx'
import { RevenuesLanding } from './RevenuesLanding.tsx'

const meta: Meta = { title: 'Revenues', parameters: { route: '/companydashboard/revenues' } }
export default meta
type Story = StoryObj

const TODAY = '2026-11-23'

/** companydashboard/revenues: the Recurring and Fixed boxes. */
export const Landing: Story = { render: () => <RevenuesLanding /> }

/** 'Add Recuring Income' and the recurring incomes with VAT amount and sum. */
export const RecurringIncomes: Story = {
  render: () => (
    <WithServices records={allRecords}>
      <ItemsPage dataType="RecurringIncome" today={TODAY} />
    </WithServices>
  ),
  parameters: { route: '/companydashboard/revenues/recurring' },
}

/** 'Add One Time Income' and the list. */
export const FixedIncomes: Story = {
  render: () => (
    <WithServices records={allRecords}>
      <ItemsPage dataType="Income" today={TODAY} />
    </WithServices>
  ),
  parameters: { route: '/companydashboard/revenues/fixed' },
}

/** No incomes yet. */
export const Empty: Story = {
  render: () => (
    <WithServices records={[]}>
      <ItemsPage dataType="Income" today={TODAY} />
    </WithServices>
  ),
}

/** Editing an income card with 'Company income' ticked. */
export const EditingCompanyIncome: Story = {
  render: () => (
    <WithServices records={allRecords}>
      <ItemsPage dataType="RecurringIncome" today={TODAY} />
    </WithServices>
  ),
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
