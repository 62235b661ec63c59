// busboy ships no types and @types/busboy is not installed: the little of its API this service uses.
declare module 'busboy' {
  type IncomingHttpHeaders = import('node:http').IncomingHttpHeaders
  type Readable = import('node:stream').Readable
  type Writable = import('node:stream').Writable

  namespace busboy {
    type Limits = {
      fieldNameSize?: number
      fieldSize?: number
      fields?: number
      fileSize?: number
      files?: number
      parts?: number
      headerPairs?: number
    }
    type Config = {
      headers: IncomingHttpHeaders
      limits?: Limits
      /** Keep directory parts of file names (Kubo sends `dir/file.txt` for directory uploads). */
      preservePath?: boolean
      /** Charset for header parameters such as filename; busboy's default is latin1. */
      defParamCharset?: string
      highWaterMark?: number
      fileHwm?: number
    }
    type FileInfo = { filename: string | undefined; encoding: string; mimeType: string }
    type FileStream = Readable & { truncated?: boolean }
    interface Busboy extends Writable {
      on(event: 'file', listener: (name: string, stream: FileStream, info: FileInfo) => void): this
      on(event: 'field', listener: (name: string, value: string, info: unknown) => void): this
      on(event: 'close' | 'finish' | 'partsLimit' | 'filesLimit' | 'fieldsLimit', listener: () => void): this
      on(event: 'error', listener: (error: Error) => void): this
      on(event: string, listener: (...args: unknown[]) => void): this
    }
  }

  /** Throws synchronously when the Content-Type is not multipart/form-data (or urlencoded) or lacks a boundary. */
  function busboy(config: busboy.Config): busboy.Busboy
  export = busboy
}
