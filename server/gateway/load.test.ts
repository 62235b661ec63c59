import { describeGatewayLoad } from './load.suite.ts'

// The short version for `npm test`; `npm run soak` runs load.soak.ts for minutes.
describeGatewayLoad({ seconds: 6, httpClients: 8, wsClients: 4, maxBatch: 10 })
