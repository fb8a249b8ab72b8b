import { useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'

export const SCROLL_THRESHOLD = 20

/** A scroll-to-top button, shown once the page is scrolled more than 20 px. */
export const ScrollTop = ({ forceVisible = false }: { forceVisible?: boolean }) => {
  const { t } = useLingui()
  const [visible, setVisible] = useState(false)
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > SCROLL_THRESHOLD)
    onScroll()
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
