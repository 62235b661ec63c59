import type { FastifyListenOptions } from 'fastify'

/**
 * Fastify's listen options on 127.0.0.1: a port (0: the OS picks), or a socket the supervisor holds and
 * passed down as a file descriptor (server/supervisor/heldSocket.ts). Fastify hands these options to
 * net.Server.listen, which takes `fd`; Fastify's types leave `fd` out.
 */
export function listenOn(port: number, fd?: number): FastifyListenOptions {
  return fd === undefined ? { host: '127.0.0.1', port } : ({ host: '127.0.0.1', fd } as FastifyListenOptions)
}
