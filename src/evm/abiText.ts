import type { AbiParameter } from 'viem'

/**
 * A parameter as human-readable ABI text (`uint256 indexed counter`, `(address to, uint256 amount)[] calls`),
 * which viem's parseAbiItem reads back: viem's own formatter leaves the names out.
 */
export function parameterText(parameter: AbiParameter & { indexed?: boolean }): string {
  const components = (parameter as { components?: readonly AbiParameter[] }).components
  const type = parameter.type.startsWith('tuple') ? `(${(components ?? []).map(parameterText).join(', ')})${parameter.type.slice('tuple'.length)}` : parameter.type
  return [type, parameter.indexed ? 'indexed' : '', parameter.name ?? ''].filter((part) => part !== '').join(' ')
}
