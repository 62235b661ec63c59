// Before the first paint, so a dark choice never flashes light. Same key and rules as src/ui/theme/theme.ts.
// A file (not an inline <script>) so the Content-Security-Policy can say script-src 'self' and nothing else.
try {
  var choice = localStorage.getItem('chainglass.theme')
  var dark = choice === 'dark' || (choice !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches)
  document.documentElement.classList.toggle('dark', dark)
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light'
} catch (error) {}
