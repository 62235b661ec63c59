import type { ComponentType, SVGProps } from 'react'
import { MonitorIcon, MoonIcon, SunIcon } from './icons.tsx'
import { themeChoices, type ThemeChoice } from './theme/theme.ts'
import { useTheme } from './theme/useTheme.ts'

const icons: Record<ThemeChoice, ComponentType<SVGProps<SVGSVGElement>>> = { system: MonitorIcon, light: SunIcon, dark: MoonIcon }
const labels: Record<ThemeChoice, string> = { system: 'System theme', light: 'Light theme', dark: 'Dark theme' }

/** System / light / dark, as a three-way segmented control. */
export function ThemeSwitch() {
  const { choice, setChoice } = useTheme()
  return (
    <div role="radiogroup" aria-label="Theme" data-testid="theme-switch" className="flex h-9 items-center rounded-full bg-zinc-100 p-1 ring-1 ring-inset ring-zinc-200 dark:bg-zinc-900 dark:ring-zinc-800">
      {themeChoices.map((option) => {
        const Icon = icons[option]
        const selected = option === choice
        return (
          <button
            key={option}
            type="button"
            role="radio"
            aria-checked={selected}
            aria-label={labels[option]}
            title={labels[option]}
            data-testid={`theme-${option}`}
            onClick={() => setChoice(option)}
            className={`flex size-7 items-center justify-center rounded-full transition ${
              selected
                ? 'bg-white text-zinc-900 shadow-sm ring-1 ring-zinc-200 dark:bg-zinc-700 dark:text-white dark:ring-zinc-600'
                : 'text-zinc-500 hover:text-zinc-800 dark:text-zinc-400 dark:hover:text-zinc-100'
            }`}
          >
            <Icon className="size-4" />
          </button>
        )
      })}
    </div>
  )
}
