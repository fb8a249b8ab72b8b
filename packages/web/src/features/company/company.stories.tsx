import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { CompanyDashboard } from './CompanyDashboard.tsx'
import { AddressesPanel, ContactPanel, InvoicePanel, PrimaryPanel } from './CompanyPanels.tsx'
import { CompanyPage } from './CompanyPage.tsx'
import { companyRecords, inServices, WithServices } from './test/fixtures.tsx'

const meta: Meta = { title: 'Company', parameters: { route: '/companydashboard/company' } }
export default meta
type Story = StoryObj

/** companydashboard: the Company, Fees and Revenues tiles. */
export const Landing: Story = { render: () => <CompanyDashboard />, parameters: { route: '/companydashboard' } }

/** All four panels with stored data, in view mode. */
export const Filled: Story = {
  render: inServices(companyRecords, <CompanyPage />),
}

/** A new user: every panel empty. */
export const Empty: Story = {
  render: inServices([], <CompanyPage />),
}

/** Loading: the calls never answer, the pencils are disabled. */
export const Loading: Story = {
  render: () => (
    <WithServices records={companyRecords} options={{ delay: 1e9 }}>
      <CompanyPage />
    </WithServices>
  ),
}

/** Opens every panel's editor once every copy has loaded (a pencil is disabled while its panel loads). */
const openEditors = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement)
  await waitFor(() => expect(canvasElement.querySelector('[aria-busy="true"]')).toBeNull())
  const pencils = await canvas.findAllByRole('button', { name: /Edit|Edytuj/ })
  for (const p of pencils) await userEvent.click(p)
}

/** Clicks every Save and waits until each form shows `message`. */
const saveAll = async (canvasElement: HTMLElement, message: RegExp) => {
  const canvas = within(canvasElement)
  const saves = canvas.getAllByRole('button', { name: /^(Save|Zapisz)$/ })
  for (const save of saves) await userEvent.click(save)
  await waitFor(() => expect(canvas.getAllByText(message)).toHaveLength(saves.length))
}

/** Primary data in edit mode after Save with an empty company name and a bad NIP: the error, the warning, 'Save anyway'. */
export const PrimaryValidation: Story = {
  render: inServices([], <PrimaryPanel />),
  play: async ({ canvasElement }) => {
    await openEditors(canvasElement)
    const canvas = within(canvasElement)
    for (const nip of canvas.getAllByRole('textbox', { name: /NIP/ })) await userEvent.type(nip, '1234567890')
    for (const save of canvas.getAllByRole('button', { name: /^(Save|Zapisz)$/ })) await userEvent.click(save)
    await expect((await canvas.findAllByRole('checkbox', { name: /Save anyway|Zapisz mimo to/ })).length).toBe(4)
  },
}

/** Addresses in edit mode: three groups; a Polish post code without the dash is an error. */
export const AddressesEditing: Story = {
  render: inServices(companyRecords, <AddressesPanel />),
  play: async ({ canvasElement }) => {
    await openEditors(canvasElement)
    const canvas = within(canvasElement)
    const codes = await canvas.findAllByRole('textbox', { name: /Post code|Kod pocztowy/ })
    for (const [i, code] of codes.entries()) {
      if (i % 3 !== 0) continue
      await userEvent.clear(code)
      await userEvent.type(code, '00950')
    }
    await saveAll(canvasElement, /Post code should be in format NN-NNN|Kod pocztowy powinien mieć format NN-NNN/)
  },
}

/** Contact in edit mode with a wrong e-mail. */
export const ContactEditing: Story = {
  render: inServices(companyRecords, <ContactPanel />),
  play: async ({ canvasElement }) => {
    await openEditors(canvasElement)
    const canvas = within(canvasElement)
    for (const email of await canvas.findAllByRole('textbox', { name: /E-?mail/ })) {
      await userEvent.clear(email)
      await userEvent.type(email, 'not-an-email')
    }
    await saveAll(canvasElement, /Email needs to be in correct format|Adres e-mail ma nieprawidłowy format/)
  },
}

/** Invoice data in edit mode with the 'Get from Primary data' button. */
export const InvoiceEditing: Story = {
  render: inServices(
    companyRecords.filter((r) => r.dataType === 'Primary'),
    <InvoicePanel />,
  ),
  play: async ({ canvasElement }) => {
    await openEditors(canvasElement)
    const canvas = within(canvasElement)
    await expect(
      canvas.getAllByRole('button', { name: /Get from Primary data|Pobierz z danych podstawowych/ }),
    ).toHaveLength(canvas.getAllByRole('button', { name: /^(Save|Zapisz)$/ }).length)
  },
}

/** A save the server answers with 500: 'Internal server error, validate your form data.'. */
export const ServerError: Story = {
  render: () => (
    <WithServices
      records={companyRecords}
      options={{ saveError: { status: 500, statusText: 'Internal Server Error', errors: ['Internal server error'] } }}
    >
      <ContactPanel />
    </WithServices>
  ),
  play: async ({ canvasElement }) => {
    await openEditors(canvasElement)
    const canvas = within(canvasElement)
    for (const other of await canvas.findAllByRole('textbox', { name: /^(Other|Inne)$/ }))
      await userEvent.type(other, 'x')
    await saveAll(
      canvasElement,
      /Internal server error, validate your form data\.|Wewnętrzny błąd serwera, sprawdź dane formularza\./,
    )
  },
}
