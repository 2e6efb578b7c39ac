import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** The server as `npm start` runs it, in a process of its own (TypeScript run through tsx). */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
  output(): string;
  exited: Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * `built`: run dist/server/main.js as `npm start` does (after `npm run build:server`), without tsx's compile time.
 * `port`: a fixed port (the failover run's reserved ones); a free one otherwise.
 */
export async function startServerProcess(env: Record<string, string>, options: { built?: boolean; port?: number } = {}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const args = options.built ? ['--enable-source-maps', 'dist/server/main.js'] : ['--import', 'tsx', 'server/main.ts'];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'development', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (d) => (text += d));
  child.stderr!.on('data', (d) => (text += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, port, output: () => text, exited };
}

export async function waitForServer(port: number, timeoutMs = 90_000): Promise<unknown> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/app/version`);
      if (res.ok) return await res.json();
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server on port ${port} did not answer within ${timeoutMs} ms`);
}
