import { reachable } from './reachable.ts'

/**
 * How the app's code is split into files (vite.config.ts, rolldown's codeSplitting). Left to itself the
 * bundler gave every set of modules shared by a different set of pages a chunk of its own: a full load of a
 * block page fetched dozens of tiny files, each a request and a module evaluation of its own. Here:
 * - the entry (main.tsx) keeps its few modules; what the app's start (startApp.tsx) imports, all it needs before
 *   the first render, goes in one chunk;
 * - each page's own modules stay in the page's chunk (the default: loaded when it is first visited);
 * - the shared code that only pages use goes in one chunk when three or more pages use it, so a page loads one
 *   shared file instead of dozens; what only two pages share stays as the bundler splits it;
 * - of that shared code, what the block page does not import goes in a second chunk: the block page (the one most
 *   opened from outside) then loads only what it runs, and the other pages one file more;
 * - except the block page's own parts that its sibling pages (receipts, uncle) share: one chunk, not three small
 *   ones (the block page is the one most opened from outside, and each file is a request);
 * - and the trace code (call trees, state changes, simulation) that only opened panels and a simulation run
 *   load: one chunk of its own, out of the shared one every page loads.
 */

type ModuleInfo = { importedIds: readonly string[] }
type Context = { getModuleInfo(id: string): ModuleInfo | null }

const pageModule = /[\\/]src[\\/](pages|present)[\\/]/
/** The block page's parts (not a page themselves) and the data hook its receipts page shares. */
const blockPart = /[\\/]src[\\/](pages[\\/]block[\\/](?!\w+Page\.tsx$)[^\\/]+|queries[\\/]useBlockData\.ts)$/
/** What the opened trace panels and a simulation share, and nothing on a page's first load imports. */
const traceModule = /[\\/]src[\\/](ui[\\/]trace[\\/][^\\/]+|rpc[\\/]tracing\.ts|evm[\\/](callTree|stateChanges|tokenDeltas)\.ts|evm[\\/]storage[\\/]slotNames\.ts|networks[\\/]tracing\.ts|queries[\\/](traces|simulation)\.ts)$/

/**
 * viem's index files re-export all of viem, and a module's static imports name files, not the names used: read
 * through them, the first render's closure took in every viem module any page uses (ABI coding, errors,
 * hashing, used by no first render). The first render uses viem's unit formatting only (src/format/numbers.ts):
 * through an index, only those files are followed; the rest of viem goes where the pages that use it are.
 */
const viemIndex = /[\\/]node_modules[\\/]viem[\\/]_esm[\\/](utils[\\/])?index\.js$/
const viemUsedFirst = /[\\/]node_modules[\\/]viem[\\/]_esm[\\/]utils[\\/]unit[\\/]format\w+\.js$/

/** The groups below that hold pages' code: the app's start must import none of them (scripts/routePreload.ts checks). */
export const pageGroupNames = ['blockParts', 'trace', 'shared', 'sharedRest'] as const

/**
 * `entry`: src/main.tsx; `app`: src/startApp.tsx; `blockPage`: src/pages/block/BlockPage.tsx.
 */
export function chunkGroups(entry: string, app: string, blockPage: string) {
  let sets: { entry: Set<string>; app: Set<string>; block: Set<string> } | null = null
  /** The modules a module imports statically, directly or not; through viem's index only what `viemFollowed` lets by. */
  const closure = (start: string, ctx: Context, viemFollowed: (id: string) => boolean) =>
    reachable(start, (id) => {
      const imported = ctx.getModuleInfo(id)?.importedIds ?? []
      return viemIndex.test(id) ? imported.filter((next) => viemIndex.test(next) || viemFollowed(next)) : imported
    })
  const firstRenderViem = (id: string) => viemUsedFirst.test(id)
  const setsOf = (ctx: Context) =>
    (sets ??= {
      entry: closure(entry, ctx, firstRenderViem),
      app: closure(app, ctx, firstRenderViem),
      // All of viem through its index: which of it the block page uses is not known here, and a module of the shared
      // chunk must never import the other one (the block page would load both).
      block: closure(blockPage, ctx, () => true),
    })
  /** The entry's own few modules stay in the entry's chunk: in any group, the entry would import that chunk, and evaluate it. */
  const inEntry = (id: string, ctx: Context) => setsOf(ctx).entry.has(id)
  const isInitial = (id: string, ctx: Context) => !inEntry(id, ctx) && setsOf(ctx).app.has(id)
  return [
    // Everything the first render needs, in one file the entry imports once the first screen is painted (left alone, it came in twelve).
    { debugName: 'app', name: (id: string, ctx: Context) => (isInitial(id, ctx) ? 'app' : null) },
    { debugName: 'blockParts', name: (id: string, ctx: Context) => (!inEntry(id, ctx) && !isInitial(id, ctx) && blockPart.test(id) ? 'blockParts' : null) },
    { debugName: 'trace', name: (id: string, ctx: Context) => (!inEntry(id, ctx) && !isInitial(id, ctx) && traceModule.test(id) ? 'trace' : null) },
    {
      debugName: 'shared',
      name: (id: string, ctx: Context) => (inEntry(id, ctx) || isInitial(id, ctx) || pageModule.test(id) ? null : setsOf(ctx).block.has(id) ? 'shared' : 'sharedRest'),
      minShareCount: 3,
    },
  ]
}
