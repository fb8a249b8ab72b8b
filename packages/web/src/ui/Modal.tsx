import { type ReactNode, type RefObject, useRef } from 'react'
import { useFocusTrap } from './focusTrap.ts'
import './Modal.css'

export type ModalProps = {
  /** Escape, the browser's close request, or (with `closeOnBackdrop`) a press beside the dialog. */
  onClose: () => void
  /** The id of the element that names the dialog (its title). */
  labelledBy: string
  describedBy?: string
  /** Focused when the dialog opens; its first button or field otherwise. */
  initialFocus?: RefObject<HTMLElement | null>
  closeOnBackdrop?: boolean
  className?: string
  children: ReactNode
}

/**
 * A modal dialog on the native `<dialog>` opened with `showModal()`: the page behind is inert, Tab and Shift+Tab
 * stay inside, Escape closes it, and focus goes back to the element that opened it. Render it only while open.
 * Where `showModal` is missing (jsdom) it falls back to the `open` attribute and the same focus trap.
 */
export const Modal = ({
  onClose,
  labelledBy,
  describedBy,
  initialFocus,
  closeOnBackdrop = false,
  className,
  children,
}: ModalProps) => {
  const ref = useRef<HTMLDialogElement>(null)
  const mounted = useRef(false)
  // One close per gesture, even if the browser also sends its own close request for the same key press.
  const closing = useRef(false)
  const requestClose = () => {
    if (!mounted.current || closing.current) return
    closing.current = true
    setTimeout(() => {
      closing.current = false
    }, 0)
    onClose()
  }

  useFocusTrap(ref, true, {
    onEscape: requestClose,
    initialFocus,
    onActivate: (el) => {
      mounted.current = true
      const dialog = el as HTMLDialogElement
      if (dialog.open) return
      if (typeof dialog.showModal === 'function') dialog.showModal()
      else dialog.setAttribute('open', '')
    },
    onDeactivate: (el) => {
      mounted.current = false
      const dialog = el as HTMLDialogElement
      if (typeof dialog.close === 'function') dialog.close()
      else dialog.removeAttribute('open')
    },
  })

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click only catches presses on the backdrop; Escape is the keyboard's way out
    <dialog
      ref={ref}
      className={`dialog modal${className ? ` ${className}` : ''}`}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(e) => {
        // The app decides when the dialog goes away (it unmounts it).
        e.preventDefault()
        requestClose()
      }}
      onClose={() => requestClose()}
      onClick={(e) => {
        if (!closeOnBackdrop || e.target !== e.currentTarget) return
        const r = e.currentTarget.getBoundingClientRect()
        const outside = e.clientX < r.left || e.clientX > r.right || e.clientY < r.top || e.clientY > r.bottom
        if (outside) requestClose()
      }}
    >
      {children}
    </dialog>
  )
}
