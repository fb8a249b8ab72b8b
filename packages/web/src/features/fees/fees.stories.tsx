import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { itemsPageStory } from './items/itemStories.tsx'
import { withTotals } from '../../forms/index.ts'
import { inServices, itemRecords, settingRecords, WithServices } from '../company/test/fixtures.tsx'
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

/** Waits until no copy of the story is loading or saving (every copy loads on its own), then clicks every match. */
const clickAll = async (canvasElement: HTMLElement, name: RegExp) => {
  const canvas = within(canvasElement)
  await waitFor(() => expect(canvasElement.querySelector('[aria-busy="true"]')).toBeNull())
  const buttons = await canvas.findAllByRole('button', { name })
  for (const b of buttons) await userEvent.click(b)
  return buttons.length
}

/** Every field labelled `label` shows a value matching `value` (decimals are written the reader's way: 4,9 / 4.9). */
const expectValues = async (canvasElement: HTMLElement, label: RegExp, value: RegExp) => {
  for (const field of within(canvasElement).getAllByLabelText(label))
    await expect((field as HTMLInputElement).value).toMatch(value)
}

/** companydashboard/fees: Taxes, Recurring, Fixed, Social Security. */
export const Landing: Story = { render: () => <FeesLanding /> }

/** The VAT form, a divider and the PIT form, each with the setting in force and its history. */
export const Taxes: Story = {
  render: inServices(settingRecords, <TaxesPage today={TODAY} />),
  parameters: { route: '/companydashboard/fees/taxes' },
}

/** No settings yet: both forms empty, Save creates them. */
export const TaxesEmpty: Story = {
  render: inServices([], <TaxesPage today={TODAY} />),
}

/** 'Set current VAT tax' in edit mode with the date picker open. */
export const VatEditing: Story = {
  render: inServices(settingRecords, <VatForm today={TODAY} />),
  play: async ({ canvasElement }) => {
    await clickAll(canvasElement, /^(Edit|Edytuj)$/)
    await clickAll(canvasElement, /^(Choose date|Wybierz datę)$/)
    // A press outside a picker closes it, so the last one clicked stays open.
    await expect(within(canvasElement).getByRole('dialog')).toBeInTheDocument()
  },
}

/** PIT in edit mode after choosing Scale and 'Fill statutory values'. */
export const PitStatutoryScale: Story = {
  render: inServices([], <PitForm today={TODAY} />),
  play: async ({ canvasElement }) => {
    await clickAll(canvasElement, /^(Edit|Edytuj)$/)
    const canvas = within(canvasElement)
    for (const s of canvas.getAllByRole('combobox', { name: /Tax type|Forma opodatkowania/ }))
      await userEvent.selectOptions(s, 'Scale')
    await clickAll(canvasElement, /Fill statutory values|Wpisz wartości ustawowe/)
    await expectValues(canvasElement, /First percent|Pierwsza stawka/, /^12$/)
    await expectValues(canvasElement, /Second percent \(|Druga stawka/, /^32$/)
  },
}

/** PIT saved without the required fields: the '(…) is required' messages. */
export const PitRequired: Story = {
  render: inServices([], <PitForm today={TODAY} />),
  play: async ({ canvasElement }) => {
    await clickAll(canvasElement, /^(Edit|Edytuj)$/)
    const forms = await clickAll(canvasElement, /^(Save|Zapisz)$/)
    await waitFor(() =>
      expect(
        within(canvasElement).getAllByText(/^(\(Tax type\) is required|Forma opodatkowania jest wymagana)$/),
      ).toHaveLength(forms),
    )
  },
}

/** 'Set current Social Security amount' with history. */
export const SocialSecurity: Story = {
  render: inServices(settingRecords, <SocialSecurityPage today={TODAY} />),
}

/** Social security in edit mode after 'Fill preferential ZUS' (4.9 % for the linear PIT in force). */
export const SocialSecurityPrefill: Story = {
  render: inServices(settingRecords, <SocialSecurityPage today={TODAY} />),
  play: async ({ canvasElement }) => {
    await clickAll(canvasElement, /^(Edit|Edytuj)$/)
    await clickAll(canvasElement, /preferential ZUS|preferencyjny ZUS/)
    await expectValues(canvasElement, /Health insurance percent|Stawka składki zdrowotnej/, /^4[.,]9$/)
  },
}

/** 'Add Recuring Expense' and the list of recurring expenses with VAT amount and sum. */
export const RecurringExpenses: Story = itemsPageStory('RecurringExpense', '/companydashboard/fees/recurring', TODAY)

/** 'Add One Time Expense' and the list. */
export const FixedExpenses: Story = itemsPageStory('Expense', '/companydashboard/fees/fixed', TODAY)

/**
 * The add form with 'Company expense' ticked: VAT percent 23 and the invoice date the item's own date (never a month
 * earlier), with the month each tax counts it in: November for VAT, PIT and the book.
 */
export const AddCompanyExpense: Story = {
  render: inServices([], <AddItemForm dataType="RecurringExpense" defaultVatPercent="23" today={TODAY} />),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    for (const c of await canvas.findAllByRole('checkbox', { name: /Company expense|Koszt firmowy/ }))
      await userEvent.click(c)
    await expectValues(canvasElement, /VAT percent|Stawka VAT/, /^23$/)
    await expectValues(canvasElement, /Invoice Date|Data faktury/, /^2026-11-23$/)
    const months = canvas.getAllByTestId('tax-months')
    for (const m of months)
      await expect(m.textContent).toMatch(/VAT.*(November 2026|listopad 2026).*(November 2026|listopad 2026)/)
    for (const m of months) await expect(m.textContent).not.toMatch(/(October|październik)/)
  },
}

/** The add form saved empty: the required-field messages. */
export const AddExpenseRequired: Story = {
  render: inServices([], <AddItemForm dataType="RecurringExpense" defaultVatPercent="23" today={TODAY} />),
  play: async ({ canvasElement }) => {
    const forms = await clickAll(canvasElement, /Add Recuring Expense|Dodaj wydatek cykliczny/)
    await waitFor(() =>
      expect(within(canvasElement).getAllByText(/^(Name is required|Nazwa jest wymagana)$/)).toHaveLength(forms),
    )
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

/** A company expense with its tax-book details: editing opens "More details" with the document and counterparty. */
export const ItemWithBookDetails: Story = {
  render: () => {
    const record = withTotals({
      ...itemRecords[2]!,
      dataObject: {
        ...itemRecords[2]!.dataObject,
        documentNumber: 'FV 12/2026',
        description: 'Laptop for development',
        kpirColumn: 'research',
        counterparty: { name: 'Sklep Komputerowy', taxId: '5260001246', country: 'PL', address: 'Warszawa' },
      },
    })
    return (
      <WithServices records={[record]}>
        <ItemCard record={record} defaultVatPercent="23" today={TODAY} onDelete={() => {}} />
      </WithServices>
    )
  },
  play: async ({ canvasElement }) => {
    await clickAll(canvasElement, /^(Edit|Edytuj)$/)
    const canvas = within(canvasElement)
    for (const d of canvasElement.querySelectorAll('details')) await expect(d.open).toBe(true)
    await expectValues(canvasElement, /^(Document number|Nr dowodu księgowego)$/, /^FV 12\/2026$/)
    await expect(canvas.getAllByLabelText(/^(KPiR column|Kolumna KPiR)$/).length).toBe(4)
  },
}

/** The trash icon's dialog: 'This item will be deleted. Do you confirm?' with Cancel and Yes. */
export const DeleteDialog: Story = {
  render: inServices(itemRecords, <ItemsPage dataType="Expense" today={TODAY} />),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const trash = await canvas.findAllByRole('button', { name: /(Delete|Usuń) Laptop/ })
    if (trash[0]) await userEvent.click(trash[0])
    await expect(
      await canvas.findByText(
        /This item will be deleted\. Do you confirm\?|Ta pozycja zostanie usunięta\. Czy potwierdzasz\?/,
      ),
    ).toBeInTheDocument()
  },
}
