/** A grey placeholder the size of what is loading; hidden from screen readers (the container says it is busy). */
export function Skeleton({ className = '' }: { className?: string }) {
  return <span aria-hidden="true" data-skeleton="" className={`inline-block animate-pulse rounded-md bg-zinc-200/80 dark:bg-zinc-800 ${className}`} />
}
