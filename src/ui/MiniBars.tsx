/** A tiny bar chart, oldest left and newest right (highlighted): a trend at a glance, no axes. */
export function MiniBars({ values, label }: { values: readonly number[]; label: string }) {
  const max = Math.max(...values, 0)
  return (
    <div className="flex h-8 items-end gap-1" role="img" aria-label={label}>
      {values.map((value, index) => (
        <span
          key={index}
          className={`flex-1 rounded-[3px] transition-[height] duration-500 ${index === values.length - 1 ? 'bg-accent-500' : 'bg-accent-200 dark:bg-accent-900'}`}
          style={{ height: `${max === 0 ? 8 : Math.max(8, (value / max) * 100)}%` }}
        />
      ))}
    </div>
  )
}
