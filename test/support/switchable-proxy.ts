// A TCP proxy in front of a board that a test can take down and bring back on the same port:
// down, connections are refused (as when the board is stopped); up again, they pass through to
// whatever target is set then (a board restarted on another port).
import net from 'node:net'
import type { AddressInfo } from 'node:net'

export interface SwitchableProxy {
  url: string
  target: string
  down(): Promise<void>
  up(): Promise<void>
  close(): Promise<void>
}

export async function startSwitchableProxy(target: string): Promise<SwitchableProxy> {
  const sockets = new Set<net.Socket>()
  let server: net.Server | undefined
  let port = 0
  const proxy: SwitchableProxy = {
    url: '',
    target,
    async up() {
      const { hostname, port: targetPort } = new URL(proxy.target)
      server = net.createServer((client) => {
        const upstream = net.connect(Number(targetPort), hostname)
        for (const socket of [client, upstream]) {
          sockets.add(socket)
          socket.on('close', () => sockets.delete(socket))
          socket.on('error', () => {
            client.destroy()
            upstream.destroy()
          })
        }
        client.pipe(upstream).pipe(client)
      })
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject)
        server!.listen(port, '127.0.0.1', () => resolve())
      })
      port = (server.address() as AddressInfo).port
      proxy.url = `http://127.0.0.1:${port}`
    },
    async down() {
      const closing = server
      server = undefined
      for (const socket of sockets) socket.destroy()
      if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()))
    },
    close: () => proxy.down(),
  }
  await proxy.up()
  return proxy
}
