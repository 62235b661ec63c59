import { measureLoad } from './gatewayOverhead.ts'

/**
 * The load generator as its own process (forked by measureLoadApart): a client sharing the gateway's event
 * loop would take its time from the gateway and count it as the gateway's overhead.
 */
const [url, concurrency, requests] = process.argv.slice(2)
const result = await measureLoad(url!, process.env.CHAINGLASS_LOAD_BODY!, Number(concurrency), Number(requests))
process.send!(result, () => process.exit(0))
