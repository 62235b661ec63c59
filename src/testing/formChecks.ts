/** Reading what a form says about its fields (the component layer, *.browser.test.tsx). Test-only. */

/**
 * What a control marked invalid says is wrong: the text of the notes its aria-describedby names (ui/Field.tsx
 * and the logs form write the problem there). Null while the control is not marked invalid.
 */
export function fieldProblem(control: Element): string | null {
  if (control.getAttribute('aria-invalid') !== 'true') return null
  const ids = (control.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean)
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim() || null
}
