import { Trans } from '@lingui/react/macro'
import { Card } from '../ui/Card.tsx'

/** Stand-ins for feature screens until their folders provide the real ones. */
const Placeholder = ({ title }: { title: React.ReactNode }) => (
  <Card title={title}>
    <p>
      <Trans>This page is being prepared.</Trans>
    </p>
  </Card>
)

export const CompanyPlaceholder = () => <Placeholder title={<Trans>Your company</Trans>} />
export const FeesPlaceholder = () => <Placeholder title={<Trans>Fees</Trans>} />
export const RevenuesPlaceholder = () => <Placeholder title={<Trans>Revenues</Trans>} />
export const DashboardPlaceholder = () => <Placeholder title={<Trans>Dashboard</Trans>} />
export const LogsPlaceholder = () => <Placeholder title={<Trans>Logs</Trans>} />
