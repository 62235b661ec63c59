import { describeFileRaces } from './races.suite.ts'

// The short version for `npm test`; `npm run soak` runs races.soak.ts for minutes.
describeFileRaces({ seconds: 3, concurrency: 4 })
