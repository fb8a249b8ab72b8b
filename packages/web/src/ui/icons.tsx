/** Small inline icons (no icon font, no emoji: they render the same everywhere, including headless browsers). */
type IconProps = { size?: number }

const paths = {
  calendar: 'M7 2v2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2h-2V2h-2v2H9V2H7zM5 9h14v11H5V9z',
  chart: 'M4 20h16v2H2V2h2v18zm3-2V10h3v8H7zm5 0V6h3v12h-3zm5 0v-5h3v5h-3z',
  company:
    'M4 22V4a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v4h2a2 2 0 0 1 2 2v12h-6v-4h-4v4H4zm4-16v2h2V6H8zm4 0v2h2V6h-2zm-4 4v2h2v-2H8zm4 0v2h2v-2h-2zm-4 4v2h2v-2H8zm4 0v2h2v-2h-2zm4-2v2h2v-2h-2z',
  fees: 'M3 6h18v12H3V6zm2 2v8h14V8H5zm7 1a3 3 0 1 1 0 6 3 3 0 0 1 0-6z',
  revenues:
    'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20zm1 4h-2v1.1A3 3 0 0 0 11 13h2a1 1 0 0 1 0 2H9v2h2v1h2v-1.1A3 3 0 0 0 13 11h-2a1 1 0 0 1 0-2h4V7h-2V6z',
  login: 'M10 17l1.4-1.4L8.8 13H20v-2H8.8l2.6-2.6L10 7l-5 5 5 5zM4 3h8v2H4v14h8v2H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z',
  logout:
    'M14 7l-1.4 1.4 2.6 2.6H4v2h11.2l-2.6 2.6L14 17l5-5-5-5zM20 3h-8v2h8v14h-8v2h8a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2z',
  register:
    'M15 12a4 4 0 1 0-4-4 4 4 0 0 0 4 4zm0 2c-2.7 0-8 1.3-8 4v2h16v-2c0-2.7-5.3-4-8-4zM6 10V7H4v3H1v2h3v3h2v-3h3v-2H6z',
  password:
    'M12 1a5 5 0 0 1 5 5v3h1a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V11a2 2 0 0 1 2-2h1V6a5 5 0 0 1 5-5zm0 2a3 3 0 0 0-3 3v3h6V6a3 3 0 0 0-3-3zm0 10a2 2 0 1 0 0 4 2 2 0 0 0 0-4z',
  settings:
    'M19.4 13a7.5 7.5 0 0 0 0-2l2.1-1.6-2-3.5-2.5 1a7.4 7.4 0 0 0-1.7-1L15 3h-4l-.4 2.7a7.4 7.4 0 0 0-1.7 1l-2.5-1-2 3.5L6.6 11a7.5 7.5 0 0 0 0 2l-2.1 1.6 2 3.5 2.5-1a7.4 7.4 0 0 0 1.7 1L11 21h4l.4-2.7a7.4 7.4 0 0 0 1.7-1l2.5 1 2-3.5-2.2-1.8zM13 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7z',
  logs: 'M6 2h9l5 5v15H6V2zm8 1.5V8h4.5L14 3.5zM8 11v2h10v-2H8zm0 4v2h10v-2H8zM4 6v16h12v2H2V6h2z',
  invoice: 'M6 2h9l5 5v15H6V2zm8 1.5V8h4.5L14 3.5zM9 11h8v2H9v-2zm0 4h8v2H9v-2zm0-8h3v2H9V7z',
  book: 'M3 4h7a3 3 0 0 1 2 .8A3 3 0 0 1 14 4h7v15h-7a2 2 0 0 0-2 2 2 2 0 0 0-2-2H3V4zm2 2v11h5a4 4 0 0 1 1 .1V7a1 1 0 0 0-1-1H5zm14 0h-5a1 1 0 0 0-1 1v10.1a4 4 0 0 1 1-.1h5V6z',
  recurring: 'M7 7h10v3l4-4-4-4v3H5v6h2V7zm10 10H7v-3l-4 4 4 4v-3h12v-6h-2v4z',
  fixed: 'M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8l-6-6zm-1 7V3.5L18.5 9H13z',
  taxes:
    'M7.5 11a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7zm0-2a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zm9 11a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7zm0-2a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zM5.4 20 4 18.6 18.6 4 20 5.4 5.4 20z',
  // A monitor on its stand (fixed assets), a tray taking an arrow (an import), a bank's building.
  asset: 'M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2h-5v2h3v2H6v-2h3v-2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zm0 2v10h16V6H4z',
  download: 'M11 2h2v8h3l-4 4-4-4h3V2zM3 14h5l1 3h6l1-3h5v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-6z',
  bank: 'M12 2 2 7v2h20V7L12 2zM4 11v7h3v-7H4zm6.5 0v7h3v-7h-3zM17 11v7h3v-7h-3zM2 20v2h20v-2H2z',
  shield: 'M12 1 3 5v6c0 5.55 3.84 10.74 9 12 5.16-1.26 9-6.45 9-12V5l-9-4z',
  // The small buttons' icons: edit, delete, open the date picker.
  pencil:
    'M3 17.25V21h3.75L17.8 9.94l-3.75-3.75L3 17.25zm17.7-10.2a1 1 0 0 0 0-1.42l-2.33-2.33a1 1 0 0 0-1.42 0l-1.83 1.83 3.75 3.75 1.83-1.83z',
  trash: 'M6 19a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2V7H6v12zM19 4h-3.5l-1-1h-5l-1 1H5v2h14V4z',
  pickDate:
    'M19 4h-1V2h-2v2H8V2H6v2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2zm0 16H5V9h14v11z',
} as const

export type IconName = keyof typeof paths

export const Icon = ({ name, size = 28 }: IconProps & { name: IconName }) => (
  <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
    <path fill="currentColor" d={paths[name]} />
  </svg>
)
