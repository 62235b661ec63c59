import { soakSeconds } from '../testing/soak.ts'
import { describeGatewayLoad } from './load.suite.ts'

// `npm run soak`: the gateway load and node-fault suites for CHAINGLASS_SOAK_SECONDS each.
describeGatewayLoad({ seconds: soakSeconds(), httpClients: 32, wsClients: 16, maxBatch: 50 })
