import { useContext, type CSSProperties, type ReactNode } from 'react'
import { RenderContext } from './renderContext.ts'
import { useServerMarkup } from './useServerMarkup.ts'

/** A style computed from data (a bar's width, a spacer's height): lengths in px as numbers, or CSS text. */
export type ValueStyle = Partial<Record<'height' | 'width' | 'left' | 'top' | 'transform', string | number>>

export type ValueStyleProps = { className: string | undefined; style: CSSProperties | undefined; sheet: ReactNode }

/** What a value may hold: numbers, units, percentages and a transform function; nothing that could leave its rule. */
const safeValue = /^[-\w.%(), ]+$/

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)

/** The declarations as CSS text, in a fixed order; a value that is not plainly a value is left out. */
export function declarations(style: ValueStyle): string {
  return Object.entries(style)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([name, value]) => [kebab(name), typeof value === 'number' ? `${value}px` : value] as const)
    .filter(([, value]) => safeValue.test(value))
    .map(([name, value]) => `${name}:${value}`)
    .join(';')
}

/** A short, stable class name for a rule's text (FNV-1a): the same values give the same class on server and browser. */
export function ruleClass(text: string): string {
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193)
  return `v-${(hash >>> 0).toString(36)}`
}

/**
 * A style computed from data, as an element takes it. In the browser it is the element's style prop, which
 * React sets through the CSSOM (the page's Content-Security-Policy does not govern that). In markup the
 * server renders it would be a style attribute, which the policy refuses (no 'unsafe-inline'): there it is a
 * class and a rule in one style sheet per page, which React hoists and the policy allows by the response's
 * nonce (`<style precedence>`, renderToPipeableStream's style nonce). The hydrating render repeats the class
 * and finds the sheet already in the page; the render after it sets the style prop and drops the class.
 * Render `sheet` beside the element.
 */
export function useValueStyle(style: ValueStyle): ValueStyleProps {
  const serverMarkup = useServerMarkup()
  const { styleNonce } = useContext(RenderContext)
  if (!serverMarkup) return { className: undefined, style: style as CSSProperties, sheet: null }
  const text = declarations(style)
  if (text === '') return { className: undefined, style: undefined, sheet: null }
  const name = ruleClass(text)
  return {
    className: name,
    style: undefined,
    sheet: (
      <style href={name} precedence="chainglass-values" nonce={styleNonce}>
        {`.${name}{${text}}`}
      </style>
    ),
  }
}
