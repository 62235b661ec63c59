import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { parseSearch } from '../search/parseSearch.ts'
import { addressPath, blockPath, txPath } from '../urls.ts'
import { SearchIcon } from './icons.tsx'
import { useMediaQuery } from './useMediaQuery.ts'

export const notSearchableMessage = 'not a block number, hash or address'

/** True when a key press is typing into something, so "/" belongs to that field, not to search. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  return target.isContentEditable || target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement
}

/** Block number, hash or address; "/" anywhere on the page jumps here. */
export function SearchBox() {
  const navigate = useNavigate()
  const input = useRef<HTMLInputElement>(null)
  const [value, setValue] = useState('')
  const [message, setMessage] = useState<string | null>(null)
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

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const target = parseSearch(value)
    switch (target.kind) {
      case 'empty':
        setMessage(null)
        return
      case 'invalid':
        setMessage(notSearchableMessage)
        return
      case 'block':
        navigate(blockPath(target.number))
        break
      case 'hash':
        navigate(txPath(target.hash))
        break
      case 'address':
        navigate(addressPath(target.address))
        break
    }
    setMessage(null)
    setValue('')
    input.current?.blur()
  }

  return (
    <form role="search" onSubmit={submit} className="relative w-full">
      <label className="group relative flex items-center">
        <span className="sr-only">Search by block number, hash or address</span>
        <SearchIcon className="pointer-events-none absolute left-3 size-4 text-zinc-400" />
        <input
          ref={input}
          data-testid="search-input"
          type="search"
          value={value}
          onChange={(event) => {
            setValue(event.target.value)
            setMessage(null)
          }}
          placeholder={roomy ? 'Search by block number, hash or address' : 'Block, hash or address'}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={message !== null}
          aria-describedby={message ? messageId : undefined}
          className="h-9 w-full rounded-full bg-zinc-100 pl-9 pr-3 text-sm sm:pr-10 text-zinc-900 ring-1 ring-inset ring-zinc-200 transition placeholder:text-zinc-400 focus:bg-white focus:outline-none focus:ring-2 focus:ring-accent-500 aria-invalid:ring-red-300 dark:bg-zinc-900 dark:text-zinc-100 dark:ring-zinc-800 dark:placeholder:text-zinc-500 dark:focus:bg-zinc-950 dark:focus:ring-accent-500 dark:aria-invalid:ring-red-800 [&::-webkit-search-cancel-button]:hidden"
        />
        <kbd className="pointer-events-none absolute right-3 hidden rounded border border-zinc-200 bg-white px-1.5 font-mono text-[11px] leading-4 text-zinc-400 group-focus-within:hidden sm:block dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-500">/</kbd>
      </label>
      {message && (
        <p id={messageId} role="alert" data-testid="search-message" className="absolute left-3 top-full mt-1.5 whitespace-nowrap rounded-md bg-white px-2.5 py-1 text-xs font-medium text-red-600 shadow-sm ring-1 ring-red-200 dark:bg-zinc-900 dark:text-red-400 dark:ring-red-900">
          {value.trim().length > 24 ? `${value.trim().slice(0, 24)}…` : value.trim()}: {message}
        </p>
      )}
    </form>
  )
}
