import { act, fireEvent, render, screen } from '@testing-library/react'
import { useRef, useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { type FocusTrapOptions, tabbables, useFocusTrap } from './focusTrap.ts'
import { pressEscape, pressTab } from './testKeyboard.ts'

/** An opener, a button outside and a trap of three buttons that the opener shows and Escape or Three hides. */
const Harness = ({
  onEscape = () => {},
  options = {},
  disableOpenerWhileOpen = false,
}: {
  onEscape?: () => void
  options?: FocusTrapOptions
  disableOpenerWhileOpen?: boolean
}) => {
  const [open, setOpen] = useState(false)
  const [opener, setOpener] = useState(true)
  const ref = useRef<HTMLDivElement>(null)
  useFocusTrap(ref, open, {
    onEscape: () => {
      onEscape()
      setOpen(false)
    },
    ...options,
  })
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} disabled={disableOpenerWhileOpen && !opener}>
        Open
      </button>
      <button type="button">Outside</button>
      <button type="button" onClick={() => setOpener(true)}>
        Enable opener
      </button>
      {open && (
        <div ref={ref} data-testid="trap">
          <button type="button">One</button>
          <button type="button" disabled>
            Disabled
          </button>
          <button type="button">Two</button>
          <button
            type="button"
            onClick={() => {
              if (disableOpenerWhileOpen) setOpener(false)
              setOpen(false)
            }}
          >
            Three
          </button>
        </div>
      )}
    </>
  )
}

const StartOnSecond = () => {
  const ref = useRef<HTMLDivElement>(null)
  const second = useRef<HTMLButtonElement>(null)
  useFocusTrap(ref, true, { initialFocus: second })
  return (
    <div ref={ref}>
      <button type="button">First</button>
      <button type="button" ref={second}>
        Second
      </button>
    </div>
  )
}

const NothingToPress = () => {
  const ref = useRef<HTMLDivElement>(null)
  useFocusTrap(ref, true)
  return (
    <>
      <button type="button">Behind</button>
      <div ref={ref} data-testid="empty">
        Nothing to press
      </div>
    </>
  )
}

/** A trap with a second trap opened inside it. */
const Nested = ({ outerEscape }: { outerEscape: () => void }) => {
  const outer = useRef<HTMLDivElement>(null)
  const inner = useRef<HTMLDivElement>(null)
  const [innerOpen, setInnerOpen] = useState(false)
  useFocusTrap(outer, true, { onEscape: outerEscape })
  useFocusTrap(inner, innerOpen, { onEscape: () => setInnerOpen(false) })
  return (
    <div ref={outer}>
      <button type="button" onClick={() => setInnerOpen(true)}>
        Open inner
      </button>
      <button type="button">Outer two</button>
      {innerOpen && (
        <div ref={inner}>
          <button type="button">Inner one</button>
          <button type="button">Inner two</button>
        </div>
      )}
    </div>
  )
}

const button = (name: string) => screen.getByRole('button', { name })

const openWithKeyboard = () => {
  button('Open').focus()
  fireEvent.click(button('Open'))
}

describe('useFocusTrap', () => {
  it('moves focus into the trap and keeps Tab and Shift+Tab inside it', () => {
    render(<Harness />)
    openWithKeyboard()
    expect(document.activeElement).toBe(button('One'))
    expect(pressTab()).toBe(button('Two')) // the disabled button is skipped
    expect(pressTab()).toBe(button('Three'))
    expect(pressTab()).toBe(button('One')) // wraps instead of leaving for "Enable opener"
    expect(pressTab(true)).toBe(button('Three')) // and back the other way
    expect(pressTab(true)).toBe(button('Two'))
  })

  it('closes on Escape and gives focus back to the opener', () => {
    const onEscape = vi.fn()
    render(<Harness onEscape={onEscape} />)
    openWithKeyboard()
    pressTab()
    expect(pressEscape()).toBe(false) // handled, so nothing else acts on it
    expect(onEscape).toHaveBeenCalledTimes(1)
    expect(screen.queryByTestId('trap')).toBeNull()
    expect(document.activeElement).toBe(button('Open'))
    // Inactive, the trap neither catches Escape nor Tab.
    expect(pressEscape()).toBe(true)
    expect(onEscape).toHaveBeenCalledTimes(1)
    expect(pressTab()).toBe(button('Outside'))
  })

  it('gives focus back when closed from inside, not only by Escape', () => {
    render(<Harness />)
    openWithKeyboard()
    fireEvent.click(button('Three'))
    expect(screen.queryByTestId('trap')).toBeNull()
    expect(document.activeElement).toBe(button('Open'))
  })

  it('brings focus back inside when something focuses the page behind', () => {
    render(<Harness />)
    openWithKeyboard()
    act(() => button('Outside').focus())
    expect(document.activeElement).toBe(button('One'))
  })

  it('waits for a disabled opener to be enabled again before giving it focus', async () => {
    render(<Harness disableOpenerWhileOpen />)
    openWithKeyboard()
    act(() => fireEvent.click(button('Three')))
    expect(button('Open')).toHaveProperty('disabled', true)
    expect(document.activeElement).toBe(document.body)
    act(() => fireEvent.click(button('Enable opener')))
    // The observer runs as a microtask after the attribute change.
    await act(async () => {})
    expect(document.activeElement).toBe(button('Open'))
  })

  it('starts on the requested element', () => {
    render(<StartOnSecond />)
    expect(document.activeElement).toBe(button('Second'))
  })

  it('focuses the container itself when it has nothing to tab to, and Tab stays there', () => {
    render(<NothingToPress />)
    const empty = screen.getByTestId('empty')
    expect(document.activeElement).toBe(empty)
    expect(pressTab()).toBe(empty)
    expect(pressTab(true)).toBe(empty)
  })

  it('lets only the newest trap act: Escape closes the inner one and focus goes back into the outer one', () => {
    const outerEscape = vi.fn()
    render(<Nested outerEscape={outerEscape} />)
    expect(document.activeElement).toBe(button('Open inner'))
    fireEvent.click(button('Open inner'))
    expect(document.activeElement).toBe(button('Inner one'))
    expect(pressTab()).toBe(button('Inner two'))
    expect(pressTab()).toBe(button('Inner one'))
    pressEscape()
    expect(outerEscape).not.toHaveBeenCalled()
    expect(document.activeElement).toBe(button('Open inner'))
    expect(pressTab()).toBe(button('Outer two'))
    expect(pressTab()).toBe(button('Open inner'))
    pressEscape()
    expect(outerEscape).toHaveBeenCalledTimes(1)
  })
})

describe('tabbables', () => {
  it('lists what Tab reaches: no disabled, negative tabindex, hidden or inert elements, and only the summary of a closed details', () => {
    const container = document.createElement('div')
    container.innerHTML = `
      <a href="#a">link</a>
      <a>no href</a>
      <button type="button" tabindex="-1">minus one</button>
      <input aria-label="field">
      <input type="hidden">
      <div hidden><button type="button">hidden</button></div>
      <div inert><button type="button">inert</button></div>
      <details><summary>More</summary><button type="button">inside closed details</button></details>
      <details open><summary>Open</summary><button type="button">inside open details</button></details>
      <span tabindex="0">span</span>`
    document.body.append(container)
    expect(tabbables(container).map((e) => e.textContent || e.getAttribute('aria-label'))).toEqual([
      'link',
      'field',
      'More',
      'Open',
      'inside open details',
      'span',
    ])
    container.remove()
  })
})
