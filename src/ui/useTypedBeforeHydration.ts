import { useLayoutEffect, type RefObject } from 'react'

/**
 * Keeps what the user typed into a server-rendered input before the app hydrated it: React leaves the
 * element's value as it found it while hydrating but holds its own state (the server's, empty), and the next
 * render would put that back. Read once, as the input mounts; a client render's input holds its state already.
 */
export function useTypedBeforeHydration(input: RefObject<HTMLInputElement | null>, value: string, setValue: (typed: string) => void): void {
  useLayoutEffect(() => {
    const typed = input.current?.value
    if (typed !== undefined && typed !== value) setValue(typed)
    // Once, at mount: later the state is the input's value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
}
