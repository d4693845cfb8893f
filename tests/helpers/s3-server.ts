import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from '@20minutes/s3rver';
import type { S3Place } from '../../src/server/common/s3-client.ts';

/**
 * A local S3-compatible server (s3rver: the S3 REST API over HTTP with SigV4 signatures checked,
 * path-style addressing, objects in a temporary folder), started by the test itself. Its one key
 * pair is S3RVER/S3RVER; the SDK's default chain reads them from the standard AWS variables.
 */
export interface TestS3 {
  place: S3Place;
  endpoint: string;
  /** Stops answering: every later request is refused (a connection error), as a bucket gone down. */
  stop(): Promise<void>;
  /** Answers again on the same address, with the objects it held. */
  restart(): Promise<void>;
  /** Stops and forgets the objects. */
  dispose(): Promise<void>;
}

export async function startS3(bucket = 'shop-media'): Promise<TestS3> {
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
  const dir = mkdtempSync(join(tmpdir(), 's3-'));
  const open = async (port: number) => {
    const server = new S3rver({
      port,
      address: '127.0.0.1',
      silent: true,
      directory: dir,
      configureBuckets: [{ name: bucket }],
    });
    return { server, port: (await server.run()).port };
  };
  let running: Awaited<ReturnType<typeof open>> | null = await open(0);
  const port = running.port;
  const endpoint = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (!running) return;
    const { server } = running;
    running = null;
    server.httpServer.closeAllConnections();
    await server.close();
  };
  return {
    endpoint,
    place: { bucket, endpoint, region: 'us-east-1', forcePathStyle: true },
    stop,
    async restart() {
      if (!running) running = await open(port);
    },
    async dispose() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
