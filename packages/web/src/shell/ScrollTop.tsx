import { useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'

export const SCROLL_THRESHOLD = 20

/** The width up to which the screens are laid out for a phone (the dashboards' breakpoint). */
export const PHONE_QUERY = '(max-width: 560px)'

const isPhone = (): boolean => typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches

/**
 * A scroll-to-top button, shown once the page is scrolled more than 20 px (SPEC). On a phone, where it would sit on
 * the right-hand column of every table (the amounts), only while the user scrolls back up: reading down a list it
 * stays out of the way.
 */
export const ScrollTop = ({ forceVisible = false }: { forceVisible?: boolean }) => {
  const { t } = useLingui()
  const [visible, setVisible] = useState(false)
  useEffect(() => {
    let last = window.scrollY
    const onScroll = () => {
      const y = window.scrollY
      const up = y < last
      last = y
      setVisible(y > SCROLL_THRESHOLD && (up || !isPhone()))
    }
    setVisible(window.scrollY > SCROLL_THRESHOLD && !isPhone())
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [])
  if (!visible && !forceVisible) return null
  return (
    <button
      type="button"
      className="scroll-top"
      aria-label={t`Scroll to top`}
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      ↑
    </button>
  )
}
