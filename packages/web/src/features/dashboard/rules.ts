/**
 * SPEC §5's two display rules of the monthly dashboard, taken from the core so web, API and CLI agree:
 * the cost summary and the short social security. (Deep import: only money helpers come along, not the
 * whole engine.)
 */
export {
  type CostSummaryGroups,
  costOutstanding,
  costSummary,
  shortSocialSecurity,
} from '@finance/ledger-core'
