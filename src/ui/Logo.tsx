/** The product mark and wordmark. */
export function LogoMark({ className = 'size-7' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <rect width="32" height="32" rx="8" className="fill-accent-600" />
      <path d="M16 6.5 24.5 11v10L16 25.5 7.5 21V11Z" fill="none" stroke="#fff" strokeWidth="2" strokeLinejoin="round" />
      <path d="M7.5 11 16 15.5 24.5 11M16 15.5v10" fill="none" stroke="#fff" strokeOpacity=".55" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  )
}

export function Logo() {
  return (
    <span className="flex items-center gap-2.5">
      <LogoMark />
      <span className="text-[1.05rem] font-semibold tracking-tight text-zinc-900 dark:text-white">chainglass</span>
    </span>
  )
}
