import type { ItemDataType } from '../../../forms/index.ts'
import { allRecords, inServices } from '../../company/test/fixtures.tsx'
import { ItemsPage } from './ItemsPage.tsx'

/** The story of an item page at its route, listing every record of the fixtures, on a fixed day. */
export const itemsPageStory = (dataType: ItemDataType, route: string, today: string) => ({
  render: inServices(allRecords, <ItemsPage dataType={dataType} today={today} />),
  parameters: { route },
})
