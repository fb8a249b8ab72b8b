import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test'
import { InvoicesPage } from './InvoicesPage.tsx'
import { eurTable, invoicesEffects, sampleDraft } from './fixtures.ts'

const meta: Meta = { title: 'Invoices', parameters: { route: '/companydashboard/invoices' } }
export default meta
type Story = StoryObj

/** The line fields named `lines.{i}.{col}` in every copy (a label query over four copies of the table is slow). */
const fields = (canvasElement: HTMLElement, name: string) => [
  ...canvasElement.querySelectorAll<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`),
]

/** Every copy of the story (pl/en × light/dark) has finished loading. */
const loaded = (canvasElement: HTMLElement) =>
  waitFor(() => expect(canvasElement.querySelector('[aria-busy="true"]')).toBeNull())

const noSave = () => {}

/** Opens the draft in every copy (its list button reads "szkic" or "draft") and waits for the editor. */
const openDraft = async (canvasElement: HTMLElement) => {
  for (const b of within(canvasElement).getAllByRole('button', { name: /^(szkic|draft)$/ })) await userEvent.click(b)
  await loaded(canvasElement)
}

/** The list: an issued invoice with its number, buyer, gross and state, and a draft without a number. */
export const List: Story = {
  render: () => <InvoicesPage effects={invoicesEffects([sampleDraft, sampleDraft], 1)} save={noSave} />,
  play: async ({ canvasElement }) => {
    await loaded(canvasElement)
    const canvas = within(canvasElement)
    const tables = canvas.getAllByRole('table')
    await expect(canvas.getAllByRole('button', { name: 'FV/2026/03/1' }).length).toBe(tables.length)
    await expect(canvas.getAllByText(/^(wystawiona|issued)$/).length).toBe(tables.length)
    await expect(canvas.getAllByRole('button', { name: /^(szkic|draft)$/ }).length).toBe(tables.length)
    await expect(canvas.getAllByText(/3[\s\u00a0]?141,00|3,141\.00/).length).toBe(2 * tables.length)
  },
}

/** A draft of one line at 23 %: Enter adds a second line, typed at 8 %; the preview's totals per rate follow live. */
export const EditorTotals: Story = {
  render: () => (
    <InvoicesPage
      effects={invoicesEffects([{ ...sampleDraft, lines: sampleDraft.lines.slice(0, 1) }], 0)}
      save={noSave}
    />
  ),
  play: async ({ canvasElement }) => {
    await loaded(canvasElement)
    const canvas = within(canvasElement)
    await openDraft(canvasElement)
    for (const input of fields(canvasElement, 'lines.0.name')) {
      input.focus()
      fireEvent.keyDown(input, { key: 'Enter' })
    }
    // The new line has the focus in the last copy.
    const second = fields(canvasElement, 'lines.1.name')
    await expect(second.length).toBe(4)
    await expect(second.at(-1)).toHaveFocus()
    for (const p of fields(canvasElement, 'lines.1.unitNet')) fireEvent.change(p, { target: { value: '1200' } })
    for (const v of fields(canvasElement, 'lines.1.vat')) fireEvent.change(v, { target: { value: '8' } })
    await expect(canvas.getAllByRole('article').length).toBe(4)
    // 1 500.00 + 345.00 VAT at 23 %, 1 200.00 + 96.00 at 8 %: 3 141.00 due.
    await waitFor(() => expect(canvas.getAllByText(/(^|\D)345[,.]00/).length).toBe(4))
    await expect(canvas.getAllByText(/(^|\D)96[,.]00/).length).toBe(4)
    await expect(canvas.getAllByText(/3[\s\u00a0]?141,00|3,141\.00/).length).toBe(4)
  },
}

/** Issuing a draft without a buyer and with a bad quantity: each field says why, in the user's language. */
export const FieldMessages: Story = {
  render: () => (
    <InvoicesPage
      effects={invoicesEffects([{ ...sampleDraft, buyer: { name: '', taxId: '', country: 'PL', address: '' } }], 0)}
      save={noSave}
    />
  ),
  play: async ({ canvasElement }) => {
    await loaded(canvasElement)
    const canvas = within(canvasElement)
    await openDraft(canvasElement)
    for (const q of fields(canvasElement, 'lines.0.quantity')) fireEvent.change(q, { target: { value: 'abc' } })
    for (const b of canvas.getAllByRole('button', { name: /^(Wystaw|Issue)$/ })) await userEvent.click(b)
    await waitFor(() =>
      expect(
        canvas.getAllByText(
          /^(Ilość musi być liczbą większą od zera, z najwyżej sześcioma miejscami po przecinku|Quantity must be a number above zero with at most six decimals)$/,
        ).length,
      ).toBeGreaterThanOrEqual(4),
    )
  },
}

/** An issued invoice opened: its preview with the number, the FA(3) download and the correction at hand. */
export const Issued: Story = {
  render: () => <InvoicesPage effects={invoicesEffects()} save={noSave} openId={1} />,
  play: async ({ canvasElement }) => {
    await loaded(canvasElement)
    const canvas = within(canvasElement)
    await expect(canvas.getAllByRole('heading', { name: /FV\/2026\/03\/1/ }).length).toBe(4)
    await expect(canvas.getAllByRole('button', { name: /^(Pobierz FA\(3\)|Download FA\(3\))$/ }).length).toBe(4)
    await expect(canvas.getAllByRole('button', { name: /^(Koryguj|Correct)$/ }).length).toBe(4)
    // The seller from the company's data, the buyer from the invoice.
    await expect(canvas.getAllByText(/^Kowalski IT/).length).toBe(4)
  },
}

/** Sending an issued invoice to KSeF: its state becomes "sent to KSeF" with its number, and it is no longer edited. */
export const SentToKsef: Story = {
  render: () => <InvoicesPage effects={invoicesEffects()} save={noSave} openId={1} />,
  play: async ({ canvasElement }) => {
    await loaded(canvasElement)
    const canvas = within(canvasElement)
    const send = canvas.getAllByRole('button', { name: /^(Wyślij do KSeF|Send to KSeF)$/ })
    await expect(send.length).toBe(4)
    for (const b of send) await userEvent.click(b)
    await loaded(canvasElement)
    await waitFor(() => expect(canvas.getAllByText(/KSeF 5260250274-20260310-0100003F5C8B-F6/).length).toBe(4))
    await expect(canvas.getAllByText(/^(wysłana do KSeF|sent to KSeF)$/).length).toBeGreaterThanOrEqual(4)
    await expect(canvas.queryAllByRole('button', { name: /^(Zapisz zmiany|Save changes)$/ })).toHaveLength(0)
  },
}

/**
 * The split-payment mark: a line of laptops over 15 000 zł gross marked Annex 15 makes it required (checked, locked,
 * printed on the preview); without the Annex 15 mark it is the seller's choice, and a voluntary mark is printed too.
 * Issued, the invoice keeps both marks.
 */
export const SplitPayment: Story = {
  render: () => (
    <InvoicesPage
      effects={invoicesEffects(
        [{ ...sampleDraft, lines: [{ name: 'Laptop', quantity: '10', unit: 'szt.', unitNet: '1220.00', vat: '23' }] }],
        0,
      )}
      save={noSave}
    />
  ),
  play: async ({ canvasElement }) => {
    await loaded(canvasElement)
    const canvas = within(canvasElement)
    await openDraft(canvasElement)
    const split = () => fields(canvasElement, 'splitPayment') as HTMLInputElement[]
    // The preview's mark (the checkbox's label names the term too).
    const marks = () =>
      [...canvasElement.querySelectorAll('.invoice-preview__mark')].filter((m) =>
        /^(mechanizm podzielonej płatności|split payment \(mechanizm podzielonej płatności\))$/.test(
          m.textContent ?? '',
        ),
      )
    await expect(split().map((c) => [c.checked, c.disabled])).toEqual(Array(4).fill([false, false]))
    await expect(marks()).toHaveLength(0)
    for (const c of fields(canvasElement, 'lines.0.annex15')) await userEvent.click(c)
    await waitFor(() => expect(split().map((c) => [c.checked, c.disabled])).toEqual(Array(4).fill([true, true])))
    await expect(marks()).toHaveLength(4)
    await expect(
      canvas.getAllByText(/^(Wymagany: pozycja z załącznika nr 15|Required: a line of Annex 15)/),
    ).toHaveLength(4)
    // 1 219.51 a unit: 14 999.97 gross, not over the threshold: the mark is the seller's choice again.
    for (const p of fields(canvasElement, 'lines.0.unitNet')) fireEvent.change(p, { target: { value: '1219.51' } })
    await waitFor(() => expect(split().map((c) => [c.checked, c.disabled])).toEqual(Array(4).fill([false, false])))
    await expect(marks()).toHaveLength(0)
    for (const c of split()) await userEvent.click(c)
    await waitFor(() => expect(marks()).toHaveLength(4))
    for (const b of canvas.getAllByRole('button', { name: /^(Wystaw|Issue)$/ })) await userEvent.click(b)
    await loaded(canvasElement)
    await waitFor(() => expect(canvas.getAllByRole('heading', { name: /FV\/2026\/03\/1/ })).toHaveLength(4))
    await expect(split().every((c) => c.checked)).toBe(true)
    await expect(fields(canvasElement, 'lines.0.annex15').every((c) => (c as HTMLInputElement).checked)).toBe(true)
  },
}

/** The sale's JPK_V7 procedure markers: ticked in the editor, kept through the issue by the core's checks. */
export const ProcedureMarkers: Story = {
  render: () => <InvoicesPage effects={invoicesEffects([sampleDraft], 0)} save={noSave} />,
  play: async ({ canvasElement }) => {
    await loaded(canvasElement)
    const canvas = within(canvasElement)
    await openDraft(canvasElement)
    const tp = () => fields(canvasElement, 'procedure-TP') as HTMLInputElement[]
    await expect(tp().map((c) => c.checked)).toEqual(Array(4).fill(false))
    for (const s of canvasElement.querySelectorAll('.invoice-editor__procedures summary'))
      await userEvent.click(s as HTMLElement)
    for (const c of tp()) await userEvent.click(c)
    await waitFor(() =>
      expect(canvas.getAllByText(/^(Oznaczenia procedur w JPK_V7|JPK_V7 procedure markers): TP$/)).toHaveLength(4),
    )
    for (const b of canvas.getAllByRole('button', { name: /^(Wystaw|Issue)$/ })) await userEvent.click(b)
    await loaded(canvasElement)
    await waitFor(() => expect(canvas.getAllByRole('heading', { name: /FV\/2026\/03\/1/ })).toHaveLength(4))
    await expect(tp().every((c) => c.checked)).toBe(true)
  },
}

/**
 * An invoice in euro: the preview states the currency, and the złoty figures the books hold — the NBP rate of the last
 * working day before the tax point (4.2345 of 30 April for 4 May) and the VAT in złoty (973.94). Switched to dollars
 * the złoty figures wait for the save, which names the rate the books lack, in the user's language.
 */
export const ForeignCurrency: Story = {
  render: () => (
    <InvoicesPage
      effects={invoicesEffects(
        [
          {
            ...sampleDraft,
            currency: 'EUR',
            issueDate: '2026-05-04',
            lines: [{ name: 'Consulting', quantity: '10', unit: 'godz.', unitNet: '100.00', vat: '23' }],
            payment: { dueDate: '2026-05-18', method: 'transfer' },
          },
        ],
        0,
        [eurTable],
      )}
      save={noSave}
    />
  ),
  play: async ({ canvasElement }) => {
    await loaded(canvasElement)
    const canvas = within(canvasElement)
    await openDraft(canvasElement)
    await expect(fields(canvasElement, 'currency').map((c) => c.value)).toEqual(Array(4).fill('EUR'))
    await waitFor(() =>
      expect(
        canvas.getAllByText(/^(W złotych po kursie 4,2345\s?zł|In złoty at PLN\s4\.2345) .*084\/A\/NBP\/2026/),
      ).toHaveLength(4),
    )
    // 973.94 zł on the rate's row and the total's.
    await expect(canvas.getAllByText(/973[,.]94/)).toHaveLength(8)
    // In euro: the list's gross, the state line, the rate's row and the amount due.
    await expect(canvas.getAllByText(/1[\s\u00a0]?230,00 EUR|1,230\.00 EUR/)).toHaveLength(16)
    for (const c of fields(canvasElement, 'currency')) fireEvent.change(c, { target: { value: 'USD' } })
    await waitFor(() => expect(canvas.queryAllByText(/973[,.]94/)).toHaveLength(0))
    await expect(
      canvas.getAllByText(/^(Kwoty w złotych obliczymy przy zapisie|The amounts in złoty are computed on saving)/),
    ).toHaveLength(4)
    // The split-payment threshold waits for the złoty figures too.
    await expect(
      canvas.getAllByText(
        /^(Przy fakturze w walucie obcej próg|For an invoice in a foreign currency the PLN\s15,000\.00)/,
      ),
    ).toHaveLength(4)
    for (const b of canvas.getAllByRole('button', { name: /^(Zapisz szkic|Save draft)$/ })) await userEvent.click(b)
    await loaded(canvasElement)
    await waitFor(() =>
      expect(
        canvas.getAllByText(
          /^(Brak kursu średniego USD w tabeli A NBP z dnia 30 kwi 2026|No NBP table A rate of USD for 30 Apr 2026)/,
        ),
      ).toHaveLength(4),
    )
  },
}

/**
 * "Issue" on a new invoice the core refuses to issue (no buyer): the draft it saved on the way is
 * listed at once, so the user sees it was kept and does not start a second one.
 */
export const RefusedIssueListsDraft: Story = {
  render: () => <InvoicesPage effects={invoicesEffects([], 0)} save={noSave} />,
  play: async ({ canvasElement }) => {
    await loaded(canvasElement)
    const canvas = within(canvasElement)
    await expect(canvas.queryAllByRole('button', { name: /^(szkic|draft)$/ })).toHaveLength(0)
    for (const b of canvas.getAllByRole('button', { name: /^(Nowa faktura|New invoice)$/ })) await userEvent.click(b)
    for (const n of fields(canvasElement, 'lines.0.name')) fireEvent.change(n, { target: { value: 'Usługa IT' } })
    for (const p of fields(canvasElement, 'lines.0.unitNet')) fireEvent.change(p, { target: { value: '5000' } })
    for (const b of canvas.getAllByRole('button', { name: /^(Wystaw|Issue)$/ })) await userEvent.click(b)
    await loaded(canvasElement)
    // Refused for the missing buyer, saved as a draft.
    await waitFor(() => expect(canvas.getAllByText(/^(szkic|draft)$/, { selector: 'strong' })).toHaveLength(4))
    await waitFor(() => expect(canvas.getAllByRole('button', { name: /^(szkic|draft)$/ })).toHaveLength(4))
  },
}
