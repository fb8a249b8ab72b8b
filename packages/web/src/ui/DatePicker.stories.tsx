import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { DatePicker } from './DatePicker.tsx'

const meta: Meta = { title: 'UI/DatePicker' }
export default meta
type Story = StoryObj

const Controlled = ({ initial, open, error }: { initial: string; open?: boolean; error?: string }) => {
  const [value, setValue] = useState(initial)
  return (
    <div style={{ maxWidth: 340, minHeight: open ? 380 : undefined, padding: 8 }}>
      <DatePicker label="Date" value={value} onChange={setValue} today="2026-11-23" defaultOpen={open} error={error} />
    </div>
  )
}

/** The field closed: yyyy-mm-dd text and the calendar button. */
export const Closed: Story = { render: () => <Controlled initial="2026-03-15" /> }

/** Open on the selected day: Monday-first grid, year input, Today, the selected date; 301 px wide. */
export const Open: Story = { render: () => <Controlled initial="2026-03-15" open /> }

/** Open with no value: today's month with today marked. */
export const OpenEmpty: Story = { render: () => <Controlled initial="" open /> }

/** A field error under the input. */
export const WithError: Story = { render: () => <Controlled initial="" error="Date is required" /> }
