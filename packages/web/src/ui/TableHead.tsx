/** A column heading: its text, and whether it heads figures (aligned right) or is read only by screen readers. */
export type HeadColumn = string | { label: string; num?: boolean; hidden?: boolean }

/**
 * A table's heading row: one `<th scope="col">` a column, a figures column with the `num` class (right-aligned like
 * its cells), a column without a visible heading (buttons) named for screen readers only.
 */
export const TableHead = ({ columns }: { columns: readonly HeadColumn[] }) => (
  <thead>
    <tr>
      {columns.map((c) => {
        const { label, num = false, hidden = false } = typeof c === 'string' ? { label: c } : c
        return (
          <th key={label} scope="col" className={num ? 'num' : undefined}>
            {hidden ? <span className="visually-hidden">{label}</span> : label}
          </th>
        )
      })}
    </tr>
  </thead>
)
