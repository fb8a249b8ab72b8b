/**
 * Keyboard focus for modal surfaces (dialogs, the unpinned menu): while a trap is active, focus moves into its
 * container, Tab and Shift+Tab cycle inside it, focus that lands outside is brought back, Escape calls the
 * owner's close, and on deactivation focus returns to the element that had it before the trap opened (once it is
 * enabled again if its action disabled it; to its neighbour if the action then removes it).
 * Only the most recently activated trap acts, so a dialog opened above another one owns the keyboard.
 */
import { type RefObject, useEffect, useRef } from 'react'

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'summary',
  'iframe',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]',
].join(',')

const shown = (el: HTMLElement): boolean => {
  if (el.closest('[inert], [hidden]')) return false
  // A closed <details> hides everything but its summary.
  const details = el.closest('details:not([open])')
  if (details && !(el.tagName === 'SUMMARY' && el.parentElement === details)) return false
  // checkVisibility is layout-aware in browsers; jsdom has no layout (and no such method).
  return typeof el.checkVisibility === 'function' ? el.checkVisibility({ visibilityProperty: true }) : true
}

/** The elements of `container` that Tab reaches, in document order (positive tabindex is not used here). */
export const tabbables = (container: HTMLElement): HTMLElement[] =>
  [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.tabIndex >= 0 && shown(el))

const canFocus = (el: Element | null): boolean =>
  el instanceof HTMLElement && el.isConnected && !(el as HTMLButtonElement).disabled && !el.closest('[inert]')

export type FocusTrapOptions = {
  /** Escape pressed while the trap is active. */
  onEscape?: () => void
  /** Focused when the trap activates; the first tabbable element (or the container) otherwise. */
  initialFocus?: RefObject<HTMLElement | null>
  /** Runs at activation after the opener is remembered and before focus moves in (e.g. `dialog.showModal()`). */
  onActivate?: (container: HTMLElement) => void
  /** Runs at deactivation before focus goes back (e.g. `dialog.close()`, which makes the page focusable again). */
  onDeactivate?: (container: HTMLElement) => void
  /** Asked at deactivation whether focus should go back to the opener (default: yes). */
  returnFocus?: () => boolean
  /** Where focus goes when the opener no longer exists (default: the page's `main`). */
  fallbackFocus?: () => HTMLElement | null
  /**
   * Makes the rest of the page `inert` while active (what `showModal()` does for a native dialog), so a screen
   * reader's cursor and the mouse stay out of it too. Elements matching `keepOutside` are left alone.
   */
  inertOutside?: boolean
  /** A selector of elements outside the trap that stay usable (a backdrop that closes it, live status messages). */
  keepOutside?: string
}

/** Active traps, the last one on top. */
const stack: symbol[] = []

/** How long the opener is looked after once the trap is gone (re-enabled, or removed by the action it confirmed). */
const WATCH_OPENER_MS = 10_000

const idle = () => document.activeElement === null || document.activeElement === document.body

/**
 * Watches `opener` for a while after focus went back to it. The action it confirmed may remove it (a deleted item's
 * trash button): then focus moves to the next control near where it was (or the previous one), inside the closest
 * part of the page that is still there, instead of being lost to the page.
 */
const followRemoval = (opener: HTMLElement, fallback: () => HTMLElement | null) => {
  const all = tabbables(document.body)
  const at = all.indexOf(opener)
  const after = at >= 0 ? all.slice(at + 1) : []
  const before = at >= 0 ? all.slice(0, at).reverse() : []
  const ancestors: HTMLElement[] = []
  for (let a = opener.parentElement; a; a = a.parentElement) ancestors.push(a)
  const observer = new MutationObserver(() => {
    if (opener.isConnected) {
      if (document.activeElement !== opener) stop()
      return
    }
    stop()
    if (!idle()) return
    const scope = ancestors.find((a) => a.isConnected && a !== document.body && tabbables(a).length > 0)
    const near = (el: HTMLElement) => el.isConnected && canFocus(el) && (!scope || scope.contains(el))
    const target = after.find(near) ?? before.find(near) ?? (scope ? tabbables(scope)[0] : undefined) ?? fallback()
    target?.focus()
  })
  const timer = setTimeout(() => stop(), WATCH_OPENER_MS)
  const stop = () => {
    observer.disconnect()
    clearTimeout(timer)
  }
  observer.observe(document.body, { childList: true, subtree: true })
}

/**
 * Gives focus back to `opener`. When it is disabled right now (its action is running), it gets focus as soon as it
 * is enabled again, unless the user has put focus somewhere else meanwhile.
 */
const giveBack = (opener: Element | null, fallback: () => HTMLElement | null) => {
  if (!(opener instanceof HTMLElement) || !opener.isConnected) {
    fallback()?.focus()
    return
  }
  if (canFocus(opener)) {
    opener.focus()
    followRemoval(opener, fallback)
    return
  }
  const observer = new MutationObserver(() => {
    if (!opener.isConnected || !idle()) return stop()
    if (canFocus(opener)) {
      opener.focus()
      stop()
    }
  })
  const timer = setTimeout(() => stop(), WATCH_OPENER_MS)
  const stop = () => {
    observer.disconnect()
    clearTimeout(timer)
  }
  // The opener's own `disabled`, or `inert` on any of its ancestors.
  observer.observe(document.body, { attributes: true, subtree: true, attributeFilter: ['disabled', 'inert'] })
}

/** Sets `inert` on everything beside the branch from `container` up to `body`; returns the undo. */
const makeOutsideInert = (container: HTMLElement, keep: string | undefined): (() => void) => {
  const made: Element[] = []
  for (let node: Element = container; node.parentElement && node !== document.body; node = node.parentElement) {
    for (const sibling of node.parentElement.children) {
      if (sibling === node || sibling.hasAttribute('inert') || /^(SCRIPT|STYLE|TEMPLATE|LINK)$/.test(sibling.tagName))
        continue
      if (keep && sibling.matches(keep)) continue
      sibling.setAttribute('inert', '')
      made.push(sibling)
    }
  }
  return () => {
    for (const el of made) el.removeAttribute('inert')
  }
}

const defaultFallback = () => document.querySelector<HTMLElement>('main')

/** Traps keyboard focus inside `ref` while `active` is true (see the module comment). */
export const useFocusTrap = (
  ref: RefObject<HTMLElement | null>,
  active: boolean,
  options: FocusTrapOptions = {},
): void => {
  const latest = useRef(options)
  latest.current = options

  // A passive effect on purpose: React puts focus back where it was after each commit's DOM changes, so focus moved
  // during the commit (in a layout effect) would be undone when the trap's container stays mounted (the menu).

  useEffect(() => {
    const container = ref.current
    if (!active || !container) return
    const id = Symbol('focus-trap')
    const opener = document.activeElement
    stack.push(id)
    latest.current.onActivate?.(container)
    const undoInert = latest.current.inertOutside ? makeOutsideInert(container, latest.current.keepOutside) : null

    const first = () => tabbables(container)[0] ?? container
    const initial = latest.current.initialFocus?.current
    const target = initial && container.contains(initial) ? initial : first()
    if (target === container && container.tabIndex < 0 && !container.hasAttribute('tabindex')) {
      container.setAttribute('tabindex', '-1')
    }
    target.focus()

    const onTop = () => stack[stack.length - 1] === id

    const onKeyDown = (e: KeyboardEvent) => {
      if (!onTop() || e.defaultPrevented) return
      if (e.key === 'Escape') {
        const onEscape = latest.current.onEscape
        if (!onEscape) return
        e.preventDefault()
        e.stopPropagation()
        onEscape()
        return
      }
      if (e.key !== 'Tab' || e.altKey || e.ctrlKey || e.metaKey) return
      const items = tabbables(container)
      const current = document.activeElement
      const inside = current instanceof Node && container.contains(current)
      if (items.length === 0) {
        e.preventDefault()
        container.focus()
        return
      }
      const head = items[0]!
      const tail = items[items.length - 1]!
      if (!inside) {
        e.preventDefault()
        ;(e.shiftKey ? tail : head).focus()
      } else if (e.shiftKey && (current === head || current === container)) {
        e.preventDefault()
        tail.focus()
      } else if (!e.shiftKey && current === tail) {
        e.preventDefault()
        head.focus()
      }
    }

    // Focus that reaches the page behind (a click, a screen reader, a programmatic focus) is brought back.
    const onFocusIn = (e: FocusEvent) => {
      if (!onTop()) return
      const to = e.target
      if (to instanceof Node && !container.contains(to)) first().focus()
    }

    document.addEventListener('keydown', onKeyDown)
    document.addEventListener('focusin', onFocusIn)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('focusin', onFocusIn)
      const at = stack.indexOf(id)
      if (at >= 0) stack.splice(at, 1)
      const { onDeactivate, returnFocus, fallbackFocus } = latest.current
      onDeactivate?.(container)
      undoInert?.()
      if (returnFocus && !returnFocus()) return
      // Leave focus alone if the owner has deliberately put it somewhere else outside the trap.
      const now = document.activeElement
      const lost = now === null || now === document.body || container.contains(now)
      if (lost) giveBack(opener, fallbackFocus ?? defaultFallback)
    }
  }, [active, ref])
}
