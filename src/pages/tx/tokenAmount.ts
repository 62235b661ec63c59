// The token-amount formatter lives in src/format (lists in src/ui use it too); pages import it from here as before.
export { formatTokenAmount } from '../../format/numbers.ts'
