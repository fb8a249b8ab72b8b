import type { Meta, StoryObj } from '@storybook/react-vite'
import { userEvent, within } from 'storybook/test'
import { withTotals } from '../company/lib/services.ts'
import { allRecords, itemRecords, settingRecords, WithServices } from '../company/test/fixtures.tsx'
import { FeesLanding } from './FeesLanding.tsx'
import { AddItemForm } from './items/AddItemForm.tsx'
import { ItemCard } from './items/ItemCard.tsx'
import { ItemsPage } from './items/ItemsPage.tsx'
import { SocialSecurityPage } from './settings/SocialSecurityPage.tsx'
import { PitForm, TaxesPage, VatForm } from './settings/TaxesPage.tsx'

const meta: Meta = { title: 'Fees', parameters: { route: '/companydashboard/fees' } }
export default meta
type Story = StoryObj

const TODAY = '2026-11-23'

const clickAll = async (canvasElement: HTMLElement, name: RegExp) => {
  const canvas = within(canvasElement)
  for (const b of await canvas.findAllByRole('button', { name })) await userEvent.click(b)
}

/** companydashboard/fees: Taxes, Recurring, Fixed, Social Security. */
export const Landing: Story = { render: () => <FeesLanding /> }

/** The VAT form, a divider and the PIT form, each with the setting in force and its history. */
export const Taxes: Story = {
  render: () => (
    <WithServices records={settingRecords}>
      <TaxesPage today={TODAY} />
    </WithServices>
  ),
  parameters: { route: '/companydashboard/fees/taxes' },
}

/** No settings yet: both forms empty, Save creates them. */
export const TaxesEmpty: Story = {
  render: () => (
    <WithServices records={[]}>
      <TaxesPage today={TODAY} />
    </WithServices>
  ),
}

/** 'Set current VAT tax' in edit mode with the date picker open. */
export const VatEditing: Story = {
  render: () => (
    <WithServices records={settingRecords}>
      <VatForm today={TODAY} />
    </WithServices>
  ),
  play: async ({ canvasElement }) => {
    await clickAll(canvasElement, /^(Edit|Edytuj)$/)
    await clickAll(canvasElement, /^(Choose date|Wybierz datę)$/)
  },
}

/** PIT in edit mode after choosing Scale and 'Fill statutory values'. */
export const PitStatutoryScale: Story = {
  render: () => (
    <WithServices records={[]}>
      <PitForm today={TODAY} />
    </WithServices>
  ),
  play: async ({ canvasElement }) => {
    await clickAll(canvasElement, /^(Edit|Edytuj)$/)
    const canvas = within(canvasElement)
    for (const s of canvas.getAllByRole('combobox', { name: /Tax type|Forma opodatkowania/ }))
      await userEvent.selectOptions(s, 'Scale')
    await clickAll(canvasElement, /Fill statutory values|Wpisz wartości ustawowe/)
  },
}

/** PIT saved without the required fields: the '(…) is required' messages. */
export const PitRequired: Story = {
  render: () => (
    <WithServices records={[]}>
      <PitForm today={TODAY} />
    </WithServices>
  ),
  play: async ({ canvasElement }) => {
    await clickAll(canvasElement, /^(Edit|Edytuj)$/)
    await clickAll(canvasElement, /^(Save|Zapisz)$/)
  },
}

/** 'Set current Social Security amount' with history. */
export const SocialSecurity: Story = {
  render: () => (
    <WithServices records={settingRecords}>
      <SocialSecurityPage today={TODAY} />
    </WithServices>
  ),
}

/** Social security in edit mode after 'Fill preferential ZUS' (4.9 % for the linear PIT in force). */
export const SocialSecurityPrefill: Story = {
  render: () => (
    <WithServices records={settingRecords}>
      <SocialSecurityPage today={TODAY} />
    </WithServices>
  ),
  play: async ({ canvasElement }) => {
    await clickAll(canvasElement, /^(Edit|Edytuj)$/)
    await clickAll(canvasElement, /preferential ZUS|preferencyjny ZUS/)
  },
}

/** 'Add Recuring Expense' and the list of recurring expenses with VAT amount and sum. */
export const RecurringExpenses: Story = {
  render: () => (
    <WithServices records={allRecords}>
      <ItemsPage dataType="RecurringExpense" today={TODAY} />
    </WithServices>
  ),
  parameters: { route: '/companydashboard/fees/recurring' },
}

/** 'Add One Time Expense' and the list. */
export const FixedExpenses: Story = {
  render: () => (
    <WithServices records={allRecords}>
      <ItemsPage dataType="Expense" today={TODAY} />
    </WithServices>
  ),
  parameters: { route: '/companydashboard/fees/fixed' },
}

/** The add form with 'Company expense' ticked: VAT percent 23 and the invoice date one month earlier on day 28. */
export const AddCompanyExpense: Story = {
  render: () => (
    <WithServices records={[]}>
      <AddItemForm dataType="RecurringExpense" defaultVatPercent="23" today={TODAY} />
    </WithServices>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    for (const c of await canvas.findAllByRole('checkbox', { name: /Company expense|Wydatek firmowy/ }))
      await userEvent.click(c)
  },
}

/** The add form saved empty: the required-field messages. */
export const AddExpenseRequired: Story = {
  render: () => (
    <WithServices records={[]}>
      <AddItemForm dataType="RecurringExpense" defaultVatPercent="23" today={TODAY} />
    </WithServices>
  ),
  play: async ({ canvasElement }) => {
    await clickAll(canvasElement, /Add Recuring Expense|Dodaj wydatek cykliczny/)
  },
}

/** A company item card (highlighted) and a private one. */
export const ItemCards: Story = {
  render: () => (
    <WithServices records={itemRecords}>
      {itemRecords
        .filter((r) => r.dataType === 'Expense')
        .map((r) => (
          <ItemCard key={r.id} record={withTotals(r)} defaultVatPercent="23" today={TODAY} onDelete={() => {}} />
        ))}
    </WithServices>
  ),
}

/** The trash icon's dialog: 'This item will be deleted. Do you confirm?' with Cancel and Yes. */
export const DeleteDialog: Story = {
  render: () => (
    <WithServices records={itemRecords}>
      <ItemsPage dataType="Expense" today={TODAY} />
    </WithServices>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const trash = await canvas.findAllByRole('button', { name: /(Delete|Usuń) Laptop/ })
    if (trash[0]) await userEvent.click(trash[0])
  },
}
