// Before the first paint, so a dark choice never flashes light. Same key and rules as src/ui/theme/theme.ts.
// A file (not an inline <script>) so the Content-Security-Policy can say script-src 'self' and nothing else.
try {
  const choice = localStorage.getItem('chainglass.theme')
  const dark = choice === 'dark' || (choice !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches)
  document.documentElement.classList.toggle('dark', dark)
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light'
} catch {
  // Storage refused (private mode, a sandbox): the page follows the system theme once the app runs.
}
