// An inline SVG icon (see icon-paths.ts for why no emoji or symbol characters). Decorative by
// default: the text beside it says the same; give `label` when the icon stands alone.
import { ICON_PATHS, ICON_SIZE } from './icon-paths'
import type { IconName } from './icon-paths'

export function Icon({
  name,
  label,
  className,
}: {
  name: IconName
  label?: string
  className?: string
}): React.JSX.Element {
  const half = ICON_SIZE / 2
  return (
    <svg
      className={['icon', `icon-${name}`, className].filter(Boolean).join(' ')}
      width={ICON_SIZE}
      height={ICON_SIZE}
      viewBox={`${-half} ${-half} ${ICON_SIZE} ${ICON_SIZE}`}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      focusable="false"
    >
      {ICON_PATHS[name].map((shape) => (
        <path key={shape.d} d={shape.d} className={`icon-${shape.paint}`} />
      ))}
    </svg>
  )
}
