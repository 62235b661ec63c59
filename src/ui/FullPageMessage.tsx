import type { ReactNode } from 'react'
import { Logo } from './Logo.tsx'

/** A page of its own for when the app cannot run normally (no config, a crash): never a blank screen. */
export function FullPageMessage({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center px-6 py-16">
      <div className="w-full max-w-xl">
        <div className="mb-8">
          <Logo />
        </div>
        {children}
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="mt-6 rounded-lg bg-accent-600 px-4 py-2 text-sm font-medium text-white shadow-sm transition hover:bg-accent-500"
        >
          Reload
        </button>
      </div>
    </div>
  )
}
