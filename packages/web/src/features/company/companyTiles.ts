import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { IconName } from '../../ui/icons.tsx'

/**
 * The screens of the Company section, in the menu's order (`shell/menuItems.ts`): the tiles of the home page and of
 * the company landing, from this one list, so a screen added to the section reaches both (a test compares the list
 * with the menu).
 */
export const companyTiles: readonly {
  to: string
  icon: IconName
  title: MessageDescriptor
  description: MessageDescriptor
}[] = [
  {
    to: '/companydashboard/company',
    icon: 'company',
    title: msg`Your company`,
    description: msg`Primary data, addresses, contact, invoice`,
  },
  {
    to: '/companydashboard/fees',
    icon: 'fees',
    title: msg`Fees`,
    description: msg`Taxes, recurring and fixed fees, social security`,
  },
  {
    to: '/companydashboard/revenues',
    icon: 'revenues',
    title: msg`Revenues`,
    description: msg`Recurring and fixed incomes`,
  },
  {
    to: '/companydashboard/invoices',
    icon: 'invoice',
    title: msg`Invoices`,
    description: msg`Issue invoices, with counterparties and number series`,
  },
  {
    to: '/companydashboard/books',
    icon: 'book',
    title: msg`Tax book`,
    description: msg`KPiR or ewidencja przychodów, JPK files`,
  },
  {
    to: '/companydashboard/assets',
    icon: 'asset',
    title: msg`Fixed assets`,
    description: msg`The register and depreciation plans`,
  },
  {
    to: '/companydashboard/ksef',
    icon: 'download',
    title: msg`KSeF invoices`,
    description: msg`Import FA(3) invoices as incomes and expenses`,
  },
  {
    to: '/companydashboard/bank',
    icon: 'bank',
    title: msg`Bank`,
    description: msg`Import statements and tick what was paid`,
  },
]
