import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { i18nFor, withProviders } from '../features/dashboard/testing.tsx'
import { Button } from './Button.tsx'
import { ConfirmDialog } from './ConfirmDialog.tsx'
import { pressEscape, pressTab } from './testKeyboard.ts'

/** A page with a button that opens the confirmation (optionally with the reset popup's two choices). */
const Page = ({
  onConfirm,
  onCancel,
  choices = false,
}: {
  onConfirm: () => void
  onCancel: () => void
  choices?: boolean
}) => {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Delete Rent
      </button>
      <ConfirmDialog
        open={open}
        title={choices ? 'Reset transactions' : undefined}
        onConfirm={() => {
          onConfirm()
          setOpen(false)
        }}
        onCancel={() => {
          onCancel()
          setOpen(false)
        }}
      >
        {choices ? (
          <>
            <Button onClick={() => setOpen(false)}>Reset current month</Button>
            <Button onClick={() => setOpen(false)}>Reset current year</Button>
          </>
        ) : undefined}
      </ConfirmDialog>
      <button type="button">After</button>
    </>
  )
}

/** A list whose items are deleted a moment after Yes, as when the server answers. */
const List = () => {
  const [items, setItems] = useState(['Rent', 'Phone', 'Fuel'])
  const [toDelete, setToDelete] = useState<string | null>(null)
  return (
    <>
      <h2>Fees</h2>
      <ul>
        {items.map((name) => (
          <li key={name}>
            {name}
            <button type="button" onClick={() => setToDelete(name)}>
              Delete {name}
            </button>
          </li>
        ))}
      </ul>
      <button type="button">Add</button>
      <ConfirmDialog
        open={toDelete !== null}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          const name = toDelete
          setToDelete(null)
          setTimeout(() => setItems((list) => list.filter((i) => i !== name)), 10)
        }}
      />
    </>
  )
}

const setup = async (choices = false) => {
  const onConfirm = vi.fn()
  const onCancel = vi.fn()
  render(withProviders(await i18nFor('en'), <Page onConfirm={onConfirm} onCancel={onCancel} choices={choices} />))
  const opener = screen.getByRole('button', { name: 'Delete Rent' })
  opener.focus()
  fireEvent.click(opener)
  return { onConfirm, onCancel, opener, dialog: screen.getByRole('dialog') }
}

describe('ConfirmDialog', () => {
  it('is a named modal dialog on the native element, with its question as the description', async () => {
    const { dialog } = await setup()
    expect(dialog.tagName).toBe('DIALOG')
    expect(dialog.hasAttribute('open')).toBe(true)
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(screen.getByRole('dialog', { name: 'Confirm' })).toBe(dialog)
    const description = document.getElementById(dialog.getAttribute('aria-describedby') ?? '')
    expect(description?.textContent).toBe('This item will be deleted. Do you confirm?')
  })

  it('starts on Cancel and keeps Tab between its buttons', async () => {
    const { dialog } = await setup()
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' })
    const yes = within(dialog).getByRole('button', { name: 'Yes' })
    expect(document.activeElement).toBe(cancel)
    expect(pressTab()).toBe(yes)
    expect(pressTab()).toBe(cancel)
    expect(pressTab(true)).toBe(yes)
    expect(pressTab(true)).toBe(cancel)
  })

  it('cancels once on Escape and gives focus back to the button that opened it', async () => {
    const { onCancel, onConfirm, opener } = await setup()
    pressEscape()
    expect(onCancel).toHaveBeenCalledTimes(1)
    expect(onConfirm).not.toHaveBeenCalled()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(opener)
  })

  it('confirms with Enter on Yes (a button press) and gives focus back', async () => {
    const { onConfirm, opener } = await setup()
    pressTab()
    const yes = screen.getByRole('button', { name: 'Yes' })
    expect(document.activeElement).toBe(yes)
    fireEvent.click(yes) // what Enter on a focused button does
    expect(onConfirm).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(opener)
  })

  it('cycles through extra choices too (the reset popup)', async () => {
    const { dialog, opener } = await setup(true)
    expect(screen.getByRole('dialog', { name: 'Reset transactions' })).toBe(dialog)
    const names = [pressTab(), pressTab(), pressTab()].map((e) => e?.textContent)
    expect(names).toEqual(['Reset current month', 'Reset current year', 'Cancel'])
    pressTab(true)
    fireEvent.click(document.activeElement as HTMLElement)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(opener)
  })

  it('moves focus to the next item when the confirmed action removes the button that opened it', async () => {
    render(withProviders(await i18nFor('en'), <List />))
    const deleteWith = async (name: string) => {
      const trash = screen.getByRole('button', { name: `Delete ${name}` })
      act(() => trash.focus())
      fireEvent.click(trash)
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes' }))
      expect(document.activeElement).toBe(trash) // back on the opener until the item goes
      await waitFor(() => expect(trash.isConnected).toBe(false))
    }
    await deleteWith('Phone')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete Fuel' }))
    // The last item of the list: the previous one inside the list, not the Add button after it.
    await deleteWith('Fuel')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete Rent' }))
  })
})
