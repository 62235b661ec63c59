/** The one look of a text input (and, with a height of its own, a textarea) across the app's forms. */
export const inputClass =
  'block h-9 w-full min-w-0 rounded-lg bg-white px-3 text-sm text-zinc-900 shadow-sm ring-1 ring-inset ring-zinc-200 transition placeholder:text-zinc-400 focus:outline-none focus:ring-2 focus:ring-accent-500 aria-invalid:ring-red-300 dark:bg-zinc-950/60 dark:text-zinc-100 dark:ring-zinc-700 dark:placeholder:text-zinc-500 dark:aria-invalid:ring-red-800'
