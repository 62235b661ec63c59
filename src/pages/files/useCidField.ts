import { useState, type FormEvent } from 'react'
import { checkCid, type CidCheck } from '../../files/cid.ts'

export type CidField = {
  value: string
  /** The text checked as it is typed; null while it is empty. */
  checked: CidCheck | null
  /** What the last submit found wrong, until the text changes. */
  problem: string | null
  change(text: string): void
  clear(): void
  /** Checks the text once more: says what is wrong, or hands on the CID (its ipfs:// or /ipfs/ prefix dropped). */
  submit(event: FormEvent, onCid: (cid: string) => void): void
}

/** A CID text field of the files pages' forms (pin, remote pin, explore, open a directory): one way to check and submit. */
export function useCidField(initial = ''): CidField {
  const [value, setValue] = useState(initial)
  const [problem, setProblem] = useState<string | null>(null)
  return {
    value,
    checked: value.trim() === '' ? null : checkCid(value),
    problem,
    change(text) {
      setValue(text)
      setProblem(null)
    },
    clear: () => setValue(''),
    submit(event, onCid) {
      event.preventDefault()
      const result = checkCid(value)
      if (!result.ok) return setProblem(result.problem)
      setProblem(null)
      onCid(result.cid)
    },
  }
}
