import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import S3rver from 's3rver';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { LocalDiskMediaStorage, type MediaStorage } from '../../server/providers/media-storage';
import { S3MediaStorage } from '../../server/providers/s3-media-storage';
import { databaseKinds, type DatabaseKind } from './databases';

/**
 * The media storages every media suite runs on (as databaseKinds() for databases): local disk, and S3 through the
 * real SDK against a real S3-compatible server process — s3rver, started here on a free loopback port with a
 * temporary directory of its own and stopped by stop(). No SDK mock: the bytes go over HTTP as they would to AWS.
 */
export interface MediaBackend {
  name: 'disk' | 's3';
  start(): Promise<RunningMediaBackend>;
}

export interface RunningMediaBackend {
  /** Environment for startApi (loadConfig): what selects and configures this storage in the app. */
  env: Record<string, string>;
  /** A storage of the same kind and place as the app's, for tests of the storage itself. */
  storage(): MediaStorage;
  /**
   * Every name this storage holds, finished or not: disk — the files of the directory, temporaries (`.upload-*`)
   * included; S3 — every object in the bucket (an unfinished multipart upload is no object).
   */
  stored(): Promise<string[]>;
  stop(): Promise<void>;
}

const disk: MediaBackend = {
  name: 'disk',
  async start() {
    const root = mkdtempSync(join(tmpdir(), 'tipjar-media-'));
    return {
      env: { MEDIA_STORAGE: 'disk', MEDIA_DIR: root },
      storage: () => new LocalDiskMediaStorage(root),
      stored: async () => readdirSync(root),
      async stop() {
        rmSync(root, { recursive: true, force: true });
      },
    };
  },
};

/** The SDK's standard variables: the app's S3 client reads them from the environment, as in production. */
const SDK_VARIABLES = ['AWS_ENDPOINT_URL_S3', 'AWS_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'] as const;

const s3: MediaBackend = {
  name: 's3',
  async start() {
    const directory = mkdtempSync(join(tmpdir(), 'tipjar-s3rver-'));
    const server = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true });
    const { port } = await server.run();
    const saved = Object.fromEntries(SDK_VARIABLES.map((name) => [name, process.env[name]]));
    // s3rver's fixed credentials; test files run in processes of their own (vitest pool: forks).
    Object.assign(process.env, {
      AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${port}`,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    });
    const bucket = `tipjar-media-${randomBytes(4).toString('hex')}`;
    const client = new S3Client({ forcePathStyle: true });
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
    return {
      env: { MEDIA_STORAGE: 's3', S3_BUCKET: bucket },
      storage: () => new S3MediaStorage(bucket),
      async stored() {
        const names: string[] = [];
        let token: string | undefined;
        do {
          const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
          names.push(...(page.Contents ?? []).map((o) => o.Key!));
          token = page.NextContinuationToken;
        } while (token);
        return names;
      },
      async stop() {
        client.destroy();
        // The app's S3 clients keep their connections alive; close() alone would wait for them.
        server.httpServer?.closeAllConnections();
        await server.close();
        for (const name of SDK_VARIABLES) {
          if (saved[name] === undefined) delete process.env[name];
          else process.env[name] = saved[name];
        }
        rmSync(directory, { recursive: true, force: true });
      },
    };
  },
};

export function mediaBackends(): MediaBackend[] {
  return [disk, s3];
}

/** Every database kind with every media backend: `describe.each(databaseAndMedia())('… on $label', …)`. */
export function databaseAndMedia(): { label: string; database: DatabaseKind; media: MediaBackend }[] {
  return databaseKinds().flatMap((database) => mediaBackends().map((media) => ({ label: `${database.name}, media on ${media.name}`, database, media })));
}
