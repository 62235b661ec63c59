import { Writable } from 'node:stream'
import type { ReactNode } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { RenderContext } from './renderContext.ts'
import { declarations, ruleClass, useValueStyle, type ValueStyle } from './valueStyle.tsx'

/** As the app server renders a page (src/serverRender.tsx): React's stream, with the response's style nonce. */
function renderOnServer(node: ReactNode, nonce: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = ''
    const stream = renderToPipeableStream(node, {
      nonce: { style: nonce },
      onAllReady: () => stream.pipe(new Writable({ write: (chunk, _encoding, done) => ((html += String(chunk)), done()), final: (done) => (resolve(html), done()) })),
      onShellError: reject,
    })
  })
}

function Bar({ style }: { style: ValueStyle }) {
  const bar = useValueStyle(style)
  return (
    <>
      <span className={bar.className} style={bar.style} />
      {bar.sheet}
    </>
  )
}

describe('a style computed from data', () => {
  it('is CSS declarations: px for numbers, text as given, names in CSS case', () => {
    expect(declarations({ height: 31, transform: 'translateX(-22.5%)' })).toBe('height:31px;transform:translateX(-22.5%)')
    expect(declarations({ left: '12.5%', top: '0%' })).toBe('left:12.5%;top:0%')
  })

  it('leaves out a value that could leave its rule or its sheet', () => {
    for (const hostile of ['1px}body{display:none', '</style><script>', 'url(x)\\7d', '@import url(x)', '1px;color:red', '"x"']) {
      expect(declarations({ width: hostile }), hostile).toBe('')
    }
  })

  it('names a rule by its text, the same on every render and every machine', () => {
    // FNV-1a of the text, in base 36: fixed by the text alone.
    expect(ruleClass('height:31px')).toBe(ruleClass('height:31px'))
    expect(ruleClass('height:31px')).not.toBe(ruleClass('height:32px'))
    expect(ruleClass('')).toBe(`v-${(0x811c9dc5).toString(36)}`)
  })

  it('rendered on the server: a class and its rule in one sheet carrying the response\'s nonce, and no style attribute', async () => {
    const html = await renderOnServer(
      <RenderContext value={{ renderedAt: 1, styleNonce: 'n0nce' }}>
        <Bar style={{ height: 31 }} />
        <Bar style={{ height: 31 }} />
        <Bar style={{ width: '1px}body{display:none' }} />
      </RenderContext>,
      'n0nce',
    )
    const name = ruleClass('height:31px')
    expect(html).toContain(`<style nonce="n0nce" data-precedence="chainglass-values" data-href="${name}">.${name}{height:31px}</style>`)
    expect(html.match(new RegExp(`class="${name}"`, 'g'))).toHaveLength(2)
    expect(html).not.toContain('style=')
    expect(html).not.toContain('display:none')
  })
})
