import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useTypedBeforeHydration } from './useTypedBeforeHydration.ts'
import { useNavigate } from 'react-router'
import { useLinkNetwork, useNetwork } from './networks/NetworkContext.tsx'
import type { Hash } from 'viem'
import { describeInvalid, parseSearch } from '../search/parseSearch.ts'
import { findShownOn } from '../search/shownValues.ts'
import { formatInteger } from '../format/numbers.ts'
import { queryKeys } from '../queries/keys.ts'
import type { BlockHeader } from '../rpc/schemas.ts'
import { addressPath, blockPath, txPath, withNetwork } from '../urls.ts'
import { explainError } from './explainError.ts'
import { SearchIcon } from './icons.tsx'
import { useMediaQuery } from './useMediaQuery.ts'

/** True when a key press is typing into something, so "/" belongs to that field, not to search. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  return target.isContentEditable || target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement
}

/** "0x" and four digits, as lists shorten a hash's start: fewer would match too much of what is shown. */
const shortestShownHead = 6

/** The line under the box: a refusal (red), or what the lookup found nothing for (amber). */
type Message = { tone: 'error' | 'notice'; text: string }

/**
 * Block number (decimal or 0x), block tag, hash or address; "/" anywhere on the page jumps here. A 32-byte
 * hash is looked up (as a block, then as a transaction) on the network shown, and opens whichever exists.
 */
export function SearchBox() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const network = useNetwork()
  const linkNetwork = useLinkNetwork()
  const input = useRef<HTMLInputElement>(null)
  const [value, setValue] = useState('')
  useTypedBeforeHydration(input, value, setValue)
  const [message, setMessage] = useState<Message | null>(null)
  const [busy, setBusy] = useState(false)
  // Each lookup's number: an answer that arrives after the input changed (or another search) is dropped.
  const lookup = useRef(0)
  const messageId = useId()
  const roomy = useMediaQuery('(min-width: 640px)')

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.metaKey || event.ctrlKey || event.altKey || isTyping(event.target)) return
      event.preventDefault()
      input.current?.focus()
      input.current?.select()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [])

  const go = (path: string) => {
    navigate(withNetwork(path, linkNetwork))
    setMessage(null)
    setValue('')
    input.current?.blur()
  }

  /** A 32-byte hash: looked up as a block, then as a transaction, and the one that exists opened. */
  const lookUpHash = (hash: Hash, id: number) => {
    setMessage(null)
    setBusy(true)
    // Loaded on the first hash search: the block and transaction queries stay out of the entry chunk.
    import('../search/resolveHash.ts')
      .then(({ resolveHash }) => resolveHash(queryClient, network, hash))
      .then(
        (match) => {
          if (id !== lookup.current) return
          setBusy(false)
          if (match.kind === 'block') go(blockPath(match.hash))
          else if (match.kind === 'transaction') go(txPath(match.hash))
          else setMessage({ tone: 'notice', text: `no block or transaction with this hash on ${network.label}` })
        },
        (error: unknown) => {
          if (id !== lookup.current) return
          setBusy(false)
          setMessage({ tone: 'error', text: `could not look it up on ${network.label}: ${explainError(error).title}` })
        },
      )
  }

  /**
   * A shortened value (its first digits, or both ends) stands for one the app has shown: opened when exactly one
   * matches. Returns false when none does.
   */
  const openShown = (head: string, tail: string, id: number): boolean => {
    const matches = findShownOn(queryClient, network, head, tail)
    if (matches.length === 0) return false
    if (matches.length > 1) {
      setMessage({ tone: 'notice', text: `${formatInteger(matches.length)} hashes and addresses shown on ${network.label} look like this: type more of it, or paste it whole (each has a copy button)` })
      return true
    }
    const [match] = matches
    if (match!.kind === 'address') go(addressPath(match!.value))
    else lookUpHash(match!.value, id)
    return true
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const target = parseSearch(value)
    const id = ++lookup.current
    setBusy(false)
    switch (target.kind) {
      case 'empty':
        setMessage(null)
        return
      case 'invalid':
        setMessage({ tone: 'error', text: describeInvalid(target) })
        return
      case 'shortened':
        if (!openShown(target.head, target.tail, id)) {
          setMessage({ tone: 'notice', text: `no hash or address shown on ${network.label} looks like this: paste it whole (each has a copy button)` })
        }
        return
      case 'block': {
        // "0x5a23" may be a number, or the first digits of a hash as a list shows it: what is shown comes first.
        if (target.hex !== undefined && target.hex.length >= shortestShownHead && openShown(target.hex, '', id)) return
        const header = queryClient.getQueryData<BlockHeader | null>(queryKeys.head(network))
        const head = header ? BigInt(header.number) : null
        if (target.hex !== undefined && head !== null && target.number > head) {
          setMessage({ tone: 'notice', text: `read as a block number this is ${formatInteger(target.number)}, past the head (${formatInteger(head)}); a hash or address is 64 or 40 hex digits: paste it whole` })
          return
        }
        go(blockPath(target.number))
        return
      }
      case 'tag':
        go(blockPath(target.tag))
        return
      case 'address':
        go(addressPath(target.address))
        return
      case 'hash':
        lookUpHash(target.hash, id)
        return
    }
  }

  const shown = value.trim()
  return (
    <form role="search" onSubmit={submit} className="relative w-full" aria-busy={busy}>
      <label className="group relative flex items-center">
        <span className="sr-only">Search by block number, tag, hash or address</span>
        <SearchIcon className="pointer-events-none absolute left-3 size-4 text-zinc-500 dark:text-zinc-400" />
        <input
          ref={input}
          data-testid="search-input"
          type="search"
          value={value}
          onChange={(event) => {
            setValue(event.target.value)
            setMessage(null)
            lookup.current += 1
            setBusy(false)
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              setMessage(null)
              input.current?.blur()
            }
          }}
          placeholder={roomy ? 'Search by block, tag, hash or address' : 'Block, hash or address'}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={message?.tone === 'error'}
          aria-describedby={message ? messageId : undefined}
          className="h-9 w-full rounded-full bg-zinc-100 pl-9 pr-3 text-sm sm:pr-10 text-zinc-900 ring-1 ring-inset ring-zinc-200 transition placeholder:text-zinc-400 focus:bg-white focus:outline-none focus:ring-2 focus:ring-accent-500 aria-invalid:ring-red-300 dark:bg-zinc-900 dark:text-zinc-100 dark:ring-zinc-800 dark:placeholder:text-zinc-500 dark:focus:bg-zinc-950 dark:focus:ring-accent-500 dark:aria-invalid:ring-red-800 [&::-webkit-search-cancel-button]:hidden"
        />
        {busy ? (
          <span
            data-testid="search-busy"
            aria-label="Looking the hash up"
            className="pointer-events-none absolute right-3 size-4 animate-spin rounded-full border-2 border-zinc-300 border-t-accent-500 dark:border-zinc-700 dark:border-t-accent-400"
          />
        ) : (
          // In the page's sans at 12 px, not a monospace 11 px that no other text on most pages uses: each font size a
          // page uses is one more synchronous font lookup in its first layout (index.css, the font stacks).
          <kbd className="pointer-events-none absolute right-3 hidden rounded border border-zinc-200 bg-white px-1.5 font-sans text-xs leading-4 text-zinc-500 group-focus-within:hidden sm:block dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-400">/</kbd>
        )}
      </label>
      {message && (
        <p
          id={messageId}
          role="alert"
          data-testid="search-message"
          data-tone={message.tone}
          className={`absolute left-0 top-full z-30 mt-1.5 w-max max-w-[min(34rem,calc(100vw-2rem))] rounded-lg bg-white px-3 py-1.5 text-xs font-medium shadow-md ring-1 dark:bg-zinc-900 ${
            message.tone === 'error' ? 'text-red-600 ring-red-200 dark:text-red-400 dark:ring-red-900' : 'text-amber-800 ring-amber-200 dark:text-amber-300 dark:ring-amber-900'
          }`}
        >
          <span className="break-all font-mono text-zinc-700 dark:text-zinc-300">{shown.length > 24 ? `${shown.slice(0, 12)}…${shown.slice(-8)}` : shown}</span>
          <span className="text-zinc-500 dark:text-zinc-400">: </span>
          {message.text}
        </p>
      )}
    </form>
  )
}
