import { useLingui } from '@lingui/react/macro'
import { Link, useLocation } from 'react-router'
import { breadcrumbItems, segmentLabel } from './labels.ts'

/** Path breadcrumb starting with home; the last segment is plain text; hidden below 425 px (CSS). */
export const Breadcrumb = ({ pathname }: { pathname?: string }) => {
  const { i18n, t } = useLingui()
  const location = useLocation()
  const items = breadcrumbItems(pathname ?? location.pathname)
  return (
    <nav className="breadcrumb" aria-label={t`Breadcrumb`}>
      <ol>
        {items.map((item, i) => (
          <li key={item.to}>
            {i === items.length - 1 ? (
              <span aria-current="page">{segmentLabel(i18n, item.segment)}</span>
            ) : (
              <Link to={item.to}>{segmentLabel(i18n, item.segment)}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}
