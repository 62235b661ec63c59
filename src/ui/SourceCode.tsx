import { useQuery } from '@tanstack/react-query'
import { Fragment, useMemo, type ReactNode } from 'react'

/**
 * Source code with its syntax coloured by refractor (Prism's grammars, as a tree, not HTML): loaded the first
 * time a source is shown, never in the page's first load; until then, and for a language it does not know, the
 * plain text. Every token is a text node inside a span: nothing of the source becomes markup.
 */
type HastNode = { type: 'text'; value: string } | { type: 'element'; properties?: { className?: unknown }; children: HastNode[] } | { type: 'root'; children: HastNode[] }

async function loadHighlighter(): Promise<(code: string) => HastNode> {
  const [{ refractor }, { default: solidity }] = await Promise.all([import('refractor/core'), import('refractor/solidity')])
  refractor.register(solidity)
  return (code) => refractor.highlight(code, 'solidity') as unknown as HastNode
}

function render(node: HastNode, key: number): ReactNode {
  if (node.type === 'text') return node.value
  const children = node.children.map(render)
  if (node.type === 'root') return <Fragment key={key}>{children}</Fragment>
  const className = node.properties?.className
  return (
    <span key={key} className={Array.isArray(className) ? className.filter((name): name is string => typeof name === 'string').join(' ') : undefined}>
      {children}
    </span>
  )
}

export function SourceCode({ code, language, label, testId }: { code: string; language: 'solidity' | 'text'; label: string; testId?: string }) {
  const highlight = useQuery({ queryKey: ['highlighter', 'solidity'], queryFn: loadHighlighter, staleTime: Infinity, gcTime: Infinity, enabled: language === 'solidity' }).data
  const highlighted = useMemo(() => (highlight ? render(highlight(code), 0) : null), [highlight, code])
  const lines = useMemo(() => code.split('\n').length, [code])
  return (
    // Focusable, so the keyboard scrolls it as the pointer does.
    <div tabIndex={0} role="region" aria-label={label} className="flex max-h-[36rem] overflow-auto rounded-lg bg-zinc-50 font-mono text-[12.5px] leading-5 ring-1 ring-inset ring-zinc-200/80 dark:bg-zinc-950/60 dark:ring-zinc-800" data-testid={testId} data-highlighted={highlighted !== null}>
      <pre aria-hidden="true" className="sticky left-0 shrink-0 bg-zinc-50 py-3 pr-3 pl-4 text-right text-zinc-500 select-none dark:bg-zinc-950 dark:text-zinc-400">
        {Array.from({ length: lines }, (_, index) => `${index + 1}\n`).join('')}
      </pre>
      <pre className="source-code min-w-0 flex-1 py-3 pr-4 text-zinc-800 dark:text-zinc-200">
        <code>{highlighted ?? code}</code>
      </pre>
    </div>
  )
}
