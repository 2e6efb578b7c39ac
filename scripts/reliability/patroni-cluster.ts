import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync, mkdtempSync, openSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A PostgreSQL cluster with automatic failover built on this machine from existing engines (Debian packages): etcd as
 * the store of the leader key, Patroni managing each PostgreSQL node (a primary and a synchronous standby:
 * `synchronous_mode: true`, so a commit is acknowledged only once it is on both), and HAProxy in front, routing to
 * whichever node Patroni's REST API calls primary (`GET /primary` answers 200 there only). The app connects through
 * HAProxy and never learns which node is primary. Everything listens on loopback ports; data lives in one temporary
 * directory, removed by stop(). The same configuration, with one machine per node, is docs/deploy.md's topology.
 */
export interface ClusterPorts {
  pg: number[];
  rest: number[];
  etcdClient: number;
  etcdPeer: number;
  haproxy: number;
  haproxyStats: number;
}

interface NodeState {
  name: string;
  role: string;
  state: string;
  lag?: number | string;
  timeline?: number;
}

export interface PatroniCluster {
  dir: string;
  ports: ClusterPorts;
  names: string[];
  /** postgres://… through HAProxy: always the primary. */
  url(database: string): string;
  /** postgres://… straight to one node (reads on a standby). */
  nodeUrl(name: string, database: string): string;
  /** The node whose REST API answers 200 to GET /primary, if one does. */
  primary(): Promise<string | undefined>;
  /** Patroni's view of the members (GET /cluster on any node that answers). */
  members(): Promise<NodeState[]>;
  /** The pid of a node's postmaster (first line of postmaster.pid), if it runs. */
  postmasterPid(name: string): number | undefined;
  /** Both nodes running, one leader, one synchronous standby streaming from it. */
  healthy(): Promise<boolean>;
  stop(): Promise<void>;
}

const PG_BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';
const SECRET = 'failover-local';

export function missingTools(): string[] {
  const missing: string[] = [];
  for (const tool of ['patroni', 'etcd', 'haproxy']) {
    try {
      execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'pipe' });
    } catch {
      missing.push(tool);
    }
  }
  if (!existsSync(join(PG_BIN, 'postgres'))) missing.push(`PostgreSQL 15 binaries in ${PG_BIN}`);
  return missing;
}

function patroniConfig(name: string, i: number, dir: string, ports: ClusterPorts): string {
  // JSON is YAML: no YAML writer needed. Timings are tight on purpose (loop_wait 1 s) so a failover takes seconds.
  return JSON.stringify(
    {
      scope: 'tipjar_fo',
      name,
      log: { level: 'WARNING', dir: join(dir, `${name}-log`) },
      restapi: { listen: `127.0.0.1:${ports.rest[i]}`, connect_address: `127.0.0.1:${ports.rest[i]}` },
      etcd3: { hosts: [`127.0.0.1:${ports.etcdClient}`] },
      bootstrap: {
        dcs: {
          ttl: 20,
          loop_wait: 1,
          retry_timeout: 5,
          // A primary whose postmaster died is not restarted in place: the synchronous standby takes over at once.
          primary_start_timeout: 0,
          // Every acknowledged commit is on the synchronous standby too, and only a synchronous standby is promoted.
          synchronous_mode: true,
          maximum_lag_on_failover: 1048576,
          postgresql: {
            use_pg_rewind: true,
            use_slots: true,
            parameters: {
              wal_log_hints: 'on',
              max_connections: 60,
              max_wal_senders: 5,
              max_replication_slots: 5,
              wal_keep_size: '128MB',
              shared_buffers: '32MB',
              // Loopback on one crowded machine: a lost backend is seen at once, no need for long keepalives.
              tcp_keepalives_idle: 5,
            },
          },
        },
        initdb: [{ encoding: 'UTF8' }, { locale: 'C' }],
      },
      postgresql: {
        listen: `127.0.0.1:${ports.pg[i]}`,
        connect_address: `127.0.0.1:${ports.pg[i]}`,
        data_dir: join(dir, name),
        bin_dir: PG_BIN,
        pgpass: join(dir, `${name}.pgpass`),
        authentication: {
          superuser: { username: 'postgres', password: SECRET },
          replication: { username: 'replicator', password: SECRET },
          rewind: { username: 'postgres', password: SECRET },
        },
        pg_hba: ['local all all trust', 'host replication replicator 127.0.0.1/32 md5', 'host all all 127.0.0.1/32 md5'],
        parameters: { unix_socket_directories: dir },
      },
      tags: { nofailover: false, noloadbalance: false, clonefrom: false, nosync: false },
    },
    null,
    2,
  );
}

function haproxyConfig(ports: ClusterPorts, names: string[]): string {
  return [
    'global',
    '  maxconn 400',
    'defaults',
    '  mode tcp',
    '  retries 2',
    '  timeout connect 2s',
    '  timeout client 30m',
    '  timeout server 30m',
    '  timeout check 1s',
    // A connection waiting for a primary that is not there yet is closed after this: the app sees it fail fast.
    '  timeout queue 2s',
    'listen stats',
    '  mode http',
    `  bind 127.0.0.1:${ports.haproxyStats}`,
    '  stats enable',
    '  stats uri /',
    'listen primary',
    `  bind 127.0.0.1:${ports.haproxy}`,
    '  option httpchk GET /primary',
    '  http-check expect status 200',
    // Checked every 500 ms; down after 2 failures, up after 1 success. Sessions to a node marked down are cut, so no
    // client stays on a demoted primary.
    '  default-server inter 500ms fall 2 rise 1 on-marked-down shutdown-sessions',
    ...names.map((n, i) => `  server ${n} 127.0.0.1:${ports.pg[i]} maxconn 100 check port ${ports.rest[i]}`),
    '',
  ].join('\n');
}

async function getJson(url: string): Promise<{ status: number; body: any }> {
  const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
  const text = await res.text();
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: res.status, body };
}

export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number, everyMs = 250): Promise<number> {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      if (await check()) return Date.now() - start;
    } catch {
      // Not there yet.
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
}

export async function startPatroniCluster(options: { ports: ClusterPorts; log?: (line: string) => void }): Promise<PatroniCluster> {
  const { ports } = options;
  const log = options.log ?? (() => {});
  const names = ports.pg.map((_, i) => `node${i + 1}`);
  const dir = mkdtempSync(join(tmpdir(), 'tipjar-failover-'));
  // PostgreSQL refuses to run as root: Patroni (and so PostgreSQL) runs as the postgres system user when we are root.
  const asRoot = process.getuid?.() === 0;
  const uid = asRoot ? Number(execFileSync('id', ['-u', 'postgres']).toString()) : undefined;
  const gid = asRoot ? Number(execFileSync('id', ['-g', 'postgres']).toString()) : undefined;
  if (asRoot) chownSync(dir, uid!, gid!);

  const children: { name: string; child: ChildProcess; exited: Promise<void> }[] = [];
  const launch = (name: string, command: string, args: string[], asPostgres: boolean) => {
    const out = openSync(join(dir, `${name}.out`), 'a');
    const child = spawn(command, args, {
      stdio: ['ignore', out, out],
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, LANG: 'C.UTF-8' },
      ...(asPostgres && asRoot ? { uid, gid } : {}),
    });
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    children.push({ name, child, exited });
    return child;
  };
  const tail = (name: string) => {
    try {
      return readFileSync(join(dir, `${name}.out`), 'utf8').split('\n').slice(-15).join('\n');
    } catch {
      return '';
    }
  };

  const postmasterPid = (name: string): number | undefined => {
    try {
      const pid = Number(readFileSync(join(dir, name, 'postmaster.pid'), 'utf8').split('\n')[0]);
      process.kill(pid, 0);
      return pid;
    } catch {
      return undefined;
    }
  };

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    // HAProxy and Patroni first (Patroni stops its PostgreSQL on SIGTERM), then etcd; whatever is left is killed.
    const order = [...children].reverse();
    for (const c of order) if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGTERM');
    await Promise.race([Promise.all(order.map((c) => c.exited)), new Promise((r) => setTimeout(r, 15_000))]);
    for (const c of order) if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGKILL');
    await Promise.all(order.map((c) => c.exited));
    // A postmaster Patroni left behind (it runs in a session of its own): only the ones whose pid files are ours.
    for (const name of names) {
      const pid = postmasterPid(name);
      if (pid) {
        process.kill(pid, 'SIGKILL');
        await waitFor(`postmaster ${pid} to exit`, async () => postmasterPid(name) === undefined, 10_000).catch(() => {});
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const members = async (): Promise<NodeState[]> => {
    for (const port of ports.rest) {
      try {
        const { status, body } = await getJson(`http://127.0.0.1:${port}/cluster`);
        if (status === 200 && Array.isArray(body?.members)) return body.members as NodeState[];
      } catch {
        // Try the next node.
      }
    }
    return [];
  };

  const cluster: PatroniCluster = {
    dir,
    ports,
    names,
    url: (database) => `postgres://postgres:${SECRET}@127.0.0.1:${ports.haproxy}/${database}`,
    nodeUrl: (name, database) => `postgres://postgres:${SECRET}@127.0.0.1:${ports.pg[names.indexOf(name)]}/${database}`,
    async primary() {
      const answers = await Promise.all(
        names.map(async (name, i) => {
          try {
            const res = await fetch(`http://127.0.0.1:${ports.rest[i]}/primary`, { signal: AbortSignal.timeout(2_000) });
            await res.text();
            return res.status === 200 ? name : undefined;
          } catch {
            return undefined;
          }
        }),
      );
      return answers.find(Boolean);
    },
    members,
    postmasterPid,
    async healthy() {
      const m = await members();
      const leader = m.filter((x) => x.role === 'leader' && x.state === 'running');
      const sync = m.filter((x) => x.role === 'sync_standby' && (x.state === 'streaming' || x.state === 'running'));
      return m.length === names.length && leader.length === 1 && sync.length === names.length - 1;
    },
    stop,
  };

  try {
    log(`data in ${dir}`);
    mkdirSync(join(dir, 'etcd'), { mode: 0o700 });
    launch('etcd', 'etcd', [
      '--name', 'fo', '--data-dir', join(dir, 'etcd'),
      '--listen-client-urls', `http://127.0.0.1:${ports.etcdClient}`, '--advertise-client-urls', `http://127.0.0.1:${ports.etcdClient}`,
      '--listen-peer-urls', `http://127.0.0.1:${ports.etcdPeer}`, '--initial-advertise-peer-urls', `http://127.0.0.1:${ports.etcdPeer}`,
      '--initial-cluster', `fo=http://127.0.0.1:${ports.etcdPeer}`, '--initial-cluster-state', 'new',
      '--listen-metrics-urls', '', '--log-level', 'warn',
    ], false);
    await waitFor('etcd', async () => (await getJson(`http://127.0.0.1:${ports.etcdClient}/health`)).status === 200, 30_000).catch((e) => {
      throw new Error(`${(e as Error).message}\n${tail('etcd')}`);
    });
    log(`etcd on 127.0.0.1:${ports.etcdClient}`);

    names.forEach((name, i) => {
      const file = join(dir, `${name}.yml`);
      writeFileSync(file, patroniConfig(name, i, dir, ports));
      mkdirSync(join(dir, `${name}-log`));
      if (asRoot) {
        chownSync(file, uid!, gid!);
        chownSync(join(dir, `${name}-log`), uid!, gid!);
      }
    });
    // The first node bootstraps (initdb) alone; the second then clones it with pg_basebackup.
    launch(names[0]!, 'patroni', [join(dir, `${names[0]}.yml`)], true);
    await waitFor('the first node to become primary', async () => (await cluster.primary()) === names[0], 120_000).catch((e) => {
      throw new Error(`${(e as Error).message}\n${tail(names[0]!)}`);
    });
    log(`${names[0]} is primary (PostgreSQL on 127.0.0.1:${ports.pg[0]}, Patroni REST on ${ports.rest[0]})`);
    for (const name of names.slice(1)) launch(name, 'patroni', [join(dir, `${name}.yml`)], true);
    await waitFor('a synchronous standby', () => cluster.healthy(), 180_000).catch((e) => {
      throw new Error(`${(e as Error).message}\n${names.map(tail).join('\n')}`);
    });
    log(`synchronous standby streaming: ${(await members()).map((m) => `${m.name} ${m.role}`).join(', ')}`);

    writeFileSync(join(dir, 'haproxy.cfg'), haproxyConfig(ports, names));
    launch('haproxy', 'haproxy', ['-f', join(dir, 'haproxy.cfg'), '-db'], false);
    await waitFor('HAProxy', async () => (await fetch(`http://127.0.0.1:${ports.haproxyStats}/`)).ok, 30_000).catch((e) => {
      throw new Error(`${(e as Error).message}\n${tail('haproxy')}`);
    });
    log(`HAProxy on 127.0.0.1:${ports.haproxy} (stats http://127.0.0.1:${ports.haproxyStats}/)`);
    return cluster;
  } catch (error) {
    await stop();
    throw error;
  }
}
