import type { FastifyReply, FastifyRequest } from 'fastify'
import { jsonType } from '../context.ts'

/** The version of this implementation, in the keys Kubo answers with (clients read `Version`). */
export const serviceVersion = '0.1.0'

export function versionRoute() {
  return async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.code(200).header('content-type', jsonType).send({
      Version: serviceVersion,
      Commit: 'chainglass-files',
      Repo: '1',
      System: `${process.arch}/${process.platform}`,
      // Kubo names the toolchain here; ours is Node.
      Golang: `node ${process.version.slice(1)}`,
    })
}
