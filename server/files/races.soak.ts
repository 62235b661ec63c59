import { soakSeconds } from '../testing/soak.ts'
import { describeFileRaces } from './races.suite.ts'

// `npm run soak`: the file-service races for CHAINGLASS_SOAK_SECONDS each (a third of it per race kind).
describeFileRaces({ seconds: Math.max(5, Math.round(soakSeconds() / 3)), concurrency: 8 })
