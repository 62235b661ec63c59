/**
 * Entry point selectors with a well-known name (sn_keccak of the name, as Starknet computes selectors),
 * to show "__execute__" beside the hex. Only names that are certain are listed.
 */
const knownSelectors: Record<string, string> = {
  '0x15d40a3d6ca2ac30f4031e42be28da9b056fef9bb7357ac5e85627ee876e5ad': '__execute__',
}

export function selectorName(selector: string): string | null {
  const canonical = `0x${selector.slice(2).toLowerCase().replace(/^0+(?=.)/, '')}`
  return knownSelectors[canonical] ?? null
}

/**
 * A field element read as a short string (Cairo packs up to 31 ASCII characters into one), when every byte
 * is printable ASCII and there are at least four: "ipfs://QmT5wQtSQnJAsB5P7zvCnxut". Null otherwise.
 */
export function feltText(value: string): string | null {
  let digits = value.slice(2).replace(/^0+/, '')
  if (digits.length % 2 === 1) digits = `0${digits}`
  if (digits.length < 8 || digits.length > 62) return null
  let text = ''
  for (let at = 0; at < digits.length; at += 2) {
    const code = parseInt(digits.slice(at, at + 2), 16)
    if (code < 0x20 || code > 0x7e) return null
    text += String.fromCharCode(code)
  }
  return text
}
