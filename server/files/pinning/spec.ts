import fs from 'node:fs'
import path from 'node:path'
import { Ajv, type ValidateFunction } from 'ajv'
import addFormatsModule from 'ajv-formats'
import { parseDocument } from 'yaml'
import { repoRoot } from '../../config.ts'

/**
 * The tests' reading of the IPFS Pinning Service API (testdata/pinning: the spec's own YAML, byte for byte): the
 * answer the spec gives each path, method and status, checked with a JSON Schema validator. The service's code
 * never reads this: what it answers is checked against the spec, not against itself.
 */

type Operation = { responses: Record<string, { $ref?: string; content?: Record<string, { schema: unknown }> }> }
type Document = { paths: Record<string, Record<string, Operation>>; components: { responses: Record<string, { content?: Record<string, { schema: unknown }> }> } }

export const specFile = path.join(repoRoot, 'testdata', 'pinning', 'ipfs-pinning-service.yaml')

/**
 * The spec's two long descriptions (`info.description` and the security scheme's) are double-quoted scalars whose
 * lines start at column 0, which YAML does not allow (yaml and js-yaml both refuse them: "deficient indentation").
 * Everything between them, from `servers:` to the security schemes, is valid YAML and holds every path, schema,
 * parameter and response: that part is what is read, and it must parse without a single error.
 */
function readSpec(): Document {
  const text = fs.readFileSync(specFile, 'utf8')
  const start = text.indexOf('\nservers:\n')
  const end = text.indexOf('\n  securitySchemes:\n')
  if (start < 0 || end < start) throw new Error(`${specFile}: servers: or securitySchemes: not where the spec has them`)
  const parsed = parseDocument(text.slice(start, end))
  if (parsed.errors.length > 0) throw new Error(`${specFile}: ${parsed.errors[0]!.message}`)
  return parsed.toJS() as Document
}

const document = readSpec()

// OpenAPI 3.0 schemas carry `example` and `format: int32`; strict mode would refuse the former.
const ajv = new Ajv({ strict: false, allErrors: true })
const addFormats = addFormatsModule as unknown as (instance: Ajv) => Ajv
addFormats(ajv)
ajv.addSchema(document as object, 'spec')

const compiled = new Map<string, ValidateFunction>()

function validatorFor(pointer: string): ValidateFunction {
  let validate = compiled.get(pointer)
  if (!validate) {
    validate = ajv.compile({ $ref: `spec#${pointer}` })
    compiled.set(pointer, validate)
  }
  return validate
}

export type SpecPath = '/pins' | '/pins/{requestid}'
export type SpecMethod = 'get' | 'post' | 'delete'

/**
 * Whether `body` is what the spec says `method path` answers with `status`: the schema of that status, or of
 * its class (4XX, 5XX). Returns the validator's complaints, empty when it conforms; a status the spec does not
 * list for the operation is a complaint too.
 */
export function specComplaints(specPath: SpecPath, method: SpecMethod, status: number, body: unknown, contentType: string | null): string[] {
  const responses = document.paths[specPath]?.[method]?.responses
  if (!responses) return [`the spec has no ${method.toUpperCase()} ${specPath}`]
  const key = String(status) in responses ? String(status) : `${String(status)[0]}XX`
  const response = responses[key]
  if (!response) return [`the spec lists no ${status} for ${method.toUpperCase()} ${specPath}`]
  const pointer = response.$ref ? response.$ref.slice(1) : `/paths/${specPath.replaceAll('/', '~1')}/${method}/responses/${key}`
  const resolved = response.$ref ? document.components.responses[response.$ref.split('/').at(-1)!] : response
  if (!resolved?.content) return body === undefined || body === '' ? [] : [`the spec says ${status} has no body, got ${JSON.stringify(body).slice(0, 200)}`]
  if (!contentType?.startsWith('application/json')) return [`expected application/json, got ${contentType}`]
  const validate = validatorFor(`${pointer}/content/application~1json/schema`)
  if (validate(body)) return []
  return (validate.errors ?? []).map((error) => `${error.instancePath || '(top)'} ${error.message ?? ''} ${JSON.stringify(error.params)}`)
}
