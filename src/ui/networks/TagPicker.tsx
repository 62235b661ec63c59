import type { BlockTag } from '../../rpc/methods.ts'
import { Toggle, type ToggleOption } from '../Toggle.tsx'
import type { Capabilities } from '../../networks/capabilities.ts'
import { acceptedTags } from '../../networks/tags.ts'

const tagHelp: Record<BlockTag, string> = {
  latest: 'The most recent block',
  earliest: 'The first block (genesis)',
  pending: 'The block being built',
  safe: 'The latest block that is unlikely to be reorganised',
  finalized: 'The latest block that cannot be reorganised',
}

/** The options a tag picker offers on a network: only the tags it accepts. */
export function tagOptions(capabilities: Capabilities): ToggleOption<BlockTag>[] {
  return acceptedTags(capabilities).map((tag) => ({ value: tag, label: tag, title: tagHelp[tag] }))
}

/**
 * Picks a block tag among those the network accepts (a network that refuses `safe` is never offered it).
 * If `value` is not accepted, the picker shows what the app sends instead.
 */
export function TagPicker({ capabilities, value, onChange, testId = 'tag-picker' }: { capabilities: Capabilities; value: BlockTag; onChange: (tag: BlockTag) => void; testId?: string }) {
  return <Toggle label="Block tag" options={tagOptions(capabilities)} value={value} onChange={onChange} testId={testId} />
}
