/** Test helper: the browser's Tab key in jsdom, which dispatches the key but never moves focus by itself. */
import { fireEvent } from '@testing-library/react'

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * Presses Tab (Shift+Tab with `shift`) the way a browser does: keydown on the focused element, and unless a handler
 * prevented it, focus moves to the next (previous) tabbable element of the document, wrapping at the ends and
 * skipping inert parts. Returns the element that has focus afterwards.
 */
export const pressTab = (shift = false): Element | null => {
  const from = (document.activeElement as HTMLElement | null) ?? document.body
  const notPrevented = fireEvent.keyDown(from, { key: 'Tab', code: 'Tab', shiftKey: shift })
  if (notPrevented) {
    const all = [...document.querySelectorAll<HTMLElement>(TABBABLE)].filter((el) => !el.closest('[inert]'))
    const i = all.indexOf(from)
    const next = shift
      ? i <= 0
        ? all[all.length - 1]
        : all[i - 1]
      : i < 0 || i === all.length - 1
        ? all[0]
        : all[i + 1]
    next?.focus()
  }
  return document.activeElement
}

/** Presses Escape on the focused element; true when no handler prevented its default. */
export const pressEscape = (): boolean =>
  fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape', code: 'Escape' })
