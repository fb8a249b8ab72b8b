import type { ReactNode } from 'react'
import { type HeadColumn, TableHead } from './TableHead.tsx'

export interface DataTableProps<T> {
  /** The wrapper's class: the box a wide table scrolls in on a narrow screen. */
  wrapClass: string
  className: string
  /** The table's `<caption>`, if it has one. */
  caption?: ReactNode
  columns: readonly HeadColumn[]
  rows: readonly T[]
  /** One `<tr>` of the table, with its key. */
  row: (item: T, index: number) => ReactNode
}

/** A table of items in its scrolling box: the column heads, then a row an item. */
export const DataTable = <T,>({ wrapClass, className, caption, columns, rows, row }: DataTableProps<T>) => (
  <div className={wrapClass}>
    <table className={className}>
      {caption}
      <TableHead columns={columns} />
      <tbody>{rows.map(row)}</tbody>
    </table>
  </div>
)
