import { useLingui } from '@lingui/react/macro'
import { Link, useLocation } from 'react-router'
import { breadcrumbItems, isKnownSegment, segmentLabel } from './labels.ts'

/**
 * Path breadcrumb starting with home; the last segment and any made-up segment (a mistyped address on the not-found
 * page) are plain text, so the breadcrumb never links to a page that does not exist; hidden below 425 px (CSS).
 */
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
            ) : !isKnownSegment(item.segment) ? (
              <span>{segmentLabel(i18n, item.segment)}</span>
            ) : (
              <Link to={item.to}>{segmentLabel(i18n, item.segment)}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}
