import { useValueStyle } from './valueStyle.tsx'

/** A tiny bar chart, oldest left and newest right (highlighted): a trend at a glance, no axes. */
export function MiniBars({ values, label }: { values: readonly number[]; label: string }) {
  const max = Math.max(...values, 0)
  return (
    <div className="flex h-8 items-end gap-1" role="img" aria-label={label}>
      {values.map((value, index) => (
        <MiniBar key={index} height={max === 0 ? 8 : Math.max(8, (value / max) * 100)} newest={index === values.length - 1} />
      ))}
    </div>
  )
}

/** One bar, `height` in percent of the chart's. */
function MiniBar({ height, newest }: { height: number; newest: boolean }) {
  const bar = useValueStyle({ height: `${height}%` })
  return (
    <>
      <span className={`flex-1 rounded-[3px] transition-[height] duration-500 ${newest ? 'bg-accent-500' : 'bg-accent-200 dark:bg-accent-900'} ${bar.className ?? ''}`} style={bar.style} />
      {bar.sheet}
    </>
  )
}
