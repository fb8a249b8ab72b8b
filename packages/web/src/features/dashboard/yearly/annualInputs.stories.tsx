import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { YearEnd } from './YearEnd.tsx'
import { annualInputsEffects, yearEndWithInputs } from './annualInputsFixtures.ts'
import '../dashboard.css'

const meta: Meta = {
  title: 'Dashboard/Year end: the return’s common items',
  parameters: { route: '/dashboard/yearly' },
}
export default meta
type Story = StoryObj

const Frame = ({ children }: { children: React.ReactNode }) => (
  <div className="dashboard" style={{ maxWidth: 640 }}>
    {children}
  </div>
)

const loaded = (canvasElement: HTMLElement) =>
  waitFor(() => expect(canvasElement.querySelector('[aria-busy="true"]')).toBeNull())

/** The items typed in and what they changed: the loss, IKZE and the child relief in the return. */
export const WithItems: Story = {
  render: () => (
    <Frame>
      <YearEnd year={2025} effects={{ ...annualInputsEffects(), loadYearEnd: async () => yearEndWithInputs }} />
    </Frame>
  ),
  play: async ({ canvasElement }) => {
    await loaded(canvasElement)
    const canvas = within(canvasElement)
    await waitFor(() =>
      expect(canvas.getAllByText(/Strata z lat ubiegłych odliczona|Loss of earlier years deducted/).length).toBe(4),
    )
    await expect(
      canvas.getAllByText(/Ulga na dzieci odliczona od podatku|Child relief deducted from the tax/).length,
    ).toBe(4)
    // The form shows what is stored: one loss, two children.
    await expect(canvasElement.querySelectorAll('[data-loss]').length).toBe(4)
    await expect(canvasElement.querySelectorAll('[data-child]').length).toBe(8)
  },
}

/** IKZE over the year's limit is refused with the field named in the user's language; within it the return follows. */
export const SaveAndRefuse: Story = {
  render: () => (
    <Frame>
      <YearEnd year={2025} effects={annualInputsEffects()} />
    </Frame>
  ),
  play: async ({ canvasElement }) => {
    await loaded(canvasElement)
    const canvas = within(canvasElement)
    const forms = await canvas.findAllByTestId('annual-inputs')
    // The first copy is Polish (the default language).
    const form = within(forms[0]!)
    const ikze = form.getByLabelText('Wpłaty na IKZE dokonane w roku')
    await userEvent.type(ikze, '20000')
    await userEvent.click(form.getByRole('button', { name: 'Zapisz i przelicz zeznanie' }))
    await expect(
      await form.findByText('Wpłaty na IKZE przekraczają roczny limit dla osoby prowadzącej działalność gospodarczą'),
    ).toBeTruthy()
    await userEvent.clear(ikze)
    await userEvent.type(ikze, '15611.40')
    await userEvent.click(form.getByRole('button', { name: 'Zapisz i przelicz zeznanie' }))
    await expect(await form.findByText('Zapisano: zeznanie powyżej zostało przeliczone.')).toBeTruthy()
  },
}
