import { Trans } from '@lingui/react/macro'

export const owner = 'Finance'

/** Copyright line with the year and the owner. */
export const Footer = ({ year = new Date().getFullYear() }: { year?: number }) => (
  <footer className="footer">
    <Trans>
      © {year} {owner}. All rights reserved.
    </Trans>
  </footer>
)
