import cluster, { type Worker } from 'node:cluster';
import { createServer, type Server } from 'node:http';
import { AggregatorRegistry } from 'prom-client';
import type { Config } from './config';
import { APP_VERSION } from './version';

/**
 * WEB_CONCURRENCY=N (PostgreSQL only): this primary process forks N workers that each run the whole server
 * (startServer) and share the port through node:cluster. One Node process uses one core; the API's CPU per request is
 * what limits sends per second (docs/performance.md), so a process per core is what lets a machine's cores carry it.
 * Nothing is shared in memory between workers — sessions, keys, limits and jobs are in the database, exactly as
 * for several instances (docs/deploy.md).
 *
 * - The first worker starts alone (it migrates and reports a bad start in its one line); the others follow.
 * - A worker that dies after the start is replaced; one that fails before the start stops the whole start (exit 1).
 * - SIGTERM / SIGINT: every worker gets SIGTERM and shuts down gracefully (main.ts: finishes what it acknowledged);
 *   the primary exits when all have, 0 if all exited 0.
 * - METRICS_PORT: served by the primary, the workers' counters summed (prom-client's cluster aggregation).
 */

/** After the workers' own 10 s shutdown deadline (main.ts), with a margin. */
const PRIMARY_SHUTDOWN_DEADLINE_MS = 12_000;

const LEVELS: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };

/** JSON lines like the workers' pino ones, so one log stream reads alike. */
function primaryLog(config: Config) {
  const threshold = LEVELS[config.logLevel] ?? 30;
  return (level: 'info' | 'warn' | 'error', fields: Record<string, unknown>, msg: string) => {
    if (LEVELS[level]! < threshold) return;
    process.stdout.write(`${JSON.stringify({ level: LEVELS[level], time: Date.now(), pid: process.pid, role: 'primary', ...fields, msg })}\n`);
  };
}

function listening(worker: Worker): Promise<void> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null, signal: string | null) =>
      reject(new Error(`worker ${worker.process.pid} exited before listening (code ${code}, signal ${signal})`));
    worker.once('exit', onExit);
    worker.once('listening', () => {
      worker.off('exit', onExit);
      resolve();
    });
  });
}

async function startMetrics(port: number, host: string): Promise<Server> {
  const aggregator = new AggregatorRegistry();
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    aggregator
      .clusterMetrics()
      .then((text) => res.writeHead(200, { 'content-type': aggregator.contentType }).end(text))
      .catch((error: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${String(error)}\n`));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}

export async function runPrimary(config: Config): Promise<void> {
  const log = primaryLog(config);
  const workers = new Set<Worker>();
  let stopping = false;
  const fork = () => {
    const worker = cluster.fork();
    workers.add(worker);
    worker.once('exit', () => workers.delete(worker));
    return worker;
  };

  try {
    await listening(fork());
    await Promise.all(Array.from({ length: config.webConcurrency - 1 }, () => listening(fork())));
  } catch (error) {
    log('error', { err: String(error) }, 'start failed: stopping every worker');
    for (const worker of workers) worker.process.kill('SIGTERM');
    process.exit(1);
  }
  const metrics = config.metricsPort === undefined ? undefined : await startMetrics(config.metricsPort, config.metricsHost);
  log('info', { version: APP_VERSION, workers: config.webConcurrency, port: config.port, database: 'postgresql' }, 'Tipjar started');

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    log('error', { workerPid: worker.process.pid, code, signal }, 'worker died: starting another');
    fork();
  });

  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log('info', { signal, workers: workers.size }, 'shutting down: every worker finishes what it acknowledged');
    const force = setTimeout(() => {
      log('error', { signal, deadlineMs: PRIMARY_SHUTDOWN_DEADLINE_MS }, 'shutdown deadline passed: killing the workers left');
      for (const worker of workers) worker.process.kill('SIGKILL');
      process.exit(1);
    }, PRIMARY_SHUTDOWN_DEADLINE_MS);
    force.unref();
    const exits = [...workers].map(
      (worker) => new Promise<number | null>((resolve) => (worker.isDead() ? resolve(worker.process.exitCode) : worker.once('exit', (code) => resolve(code)))),
    );
    for (const worker of workers) worker.process.kill('SIGTERM');
    void Promise.all(exits).then(async (codes) => {
      if (metrics) {
        metrics.closeAllConnections();
        await new Promise<void>((resolve) => metrics.close(() => resolve()));
      }
      const clean = codes.every((code) => code === 0);
      log(clean ? 'info' : 'error', { signal, codes }, 'stopped');
      process.exit(clean ? 0 : 1);
    });
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}
