import type { ReactNode } from 'react'

// Literal class names, so Tailwind finds them.
const tones = {
  accent: 'bg-accent-50 text-accent-600 dark:bg-accent-950/60 dark:text-accent-300',
  neutral: 'bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400',
  warning: 'bg-amber-50 text-amber-600 dark:bg-amber-950/60 dark:text-amber-300',
} as const
const sizes = { sm: 'size-8', md: 'size-9', lg: 'size-10' } as const
const shapes = { square: 'rounded-lg', soft: 'rounded-xl', round: 'rounded-full' } as const

type IconTileProps = {
  children: ReactNode
  tone?: keyof typeof tones
  size?: keyof typeof sizes
  shape?: keyof typeof shapes
  /**
   * Replaces the default `flex`: a tile that hides on narrow screens passes `hidden min-[420px]:flex`
   * (both in one place, or the two display classes would fight).
   */
  display?: string
  className?: string
}

/** The small coloured square or disc that carries an icon at the start of a row, a card or a dialog. */
function IconTile({ children, tone = 'accent', size = 'md', shape = 'square', display = 'flex', className = '' }: IconTileProps) {
  return (
    <span aria-hidden="true" className={`${display} ${sizes[size]} shrink-0 items-center justify-center ${shapes[shape]} ${tones[tone]} ${className}`}>
      {children}
    </span>
  )
}

type WithIconTileProps = Omit<IconTileProps, 'children' | 'className'> & {
  icon: ReactNode
  children: ReactNode
  /** start: the tile stays at the top of content taller than it (cards, dialogs). */
  align?: 'center' | 'start'
  gap?: 'gap-2.5' | 'gap-3' | 'gap-4'
  /** Classes of the tile (a margin to line it up with the first line of text). */
  tileClassName?: string
  /** Classes of the content beside the tile. */
  contentClassName?: string
}

/** Content with its IconTile in front: the leading icon of a list row, a card or a dialog. */
export function WithIconTile({ icon, children, align = 'center', gap = 'gap-3', tileClassName, contentClassName = '', ...tile }: WithIconTileProps) {
  return (
    <div className={`flex ${align === 'start' ? 'items-start' : 'items-center'} ${gap}`}>
      <IconTile {...tile} className={tileClassName}>
        {icon}
      </IconTile>
      <div className={`min-w-0 ${contentClassName}`}>{children}</div>
    </div>
  )
}
