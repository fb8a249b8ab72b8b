import { useLingui } from '@lingui/react/macro'

/** Full-screen loader overlay (SPEC §2). Render it while something loads or submits. */
export const Loader = ({ active = true }: { active?: boolean }) => {
  const { t } = useLingui()
  if (!active) return null
  return (
    <div className="loader" role="status" aria-live="polite">
      <div className="loader__spinner" aria-hidden="true" />
      <span className="visually-hidden">{t`Loading…`}</span>
    </div>
  )
}
