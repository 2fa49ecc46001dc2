import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type _Object,
} from '@aws-sdk/client-s3';
import { assertStoredName, isStoredName, type FileStorage, type S3StorageSettings } from './storage';

/** A call that hangs would hold an upload or an image request open without end. */
const CONNECT_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 30_000;

function notFound(error: unknown): boolean {
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;
}

/** The service's error name and status, or the network error's message: never the request, which is signed. */
function reason(error: unknown): string {
  if (error instanceof S3ServiceException) return `${error.name} (HTTP ${error.$metadata.httpStatusCode ?? 'no answer'})`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Files as objects in one S3 bucket (or an S3-compatible service), under a key prefix that holds
 * nothing else: `list` reads every object under it as ours, and the upload clean-up removes the
 * ones no row claims. Bytes go out through the server only; nothing here makes an object public.
 */
export class S3Storage implements FileStorage {
  private readonly client: S3Client;

  constructor(
    readonly settings: S3StorageSettings,
    /** Objects per ListObjectsV2 page: S3's own maximum unless a test pages through a few. */
    private readonly pageSize = 1000,
  ) {
    this.client = new S3Client({
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
      requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS, throwOnRequestTimeout: true },
    });
  }

  private key(name: string): string {
    assertStoredName(name);
    return `${this.settings.prefix}${name}`;
  }

  // One PutObject is stored whole or not at all: a reader sees the old object or the new one, never
  // part of either, so no temporary name is needed as in the local folder.
  async put(name: string, bytes: Uint8Array): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.settings.bucket, Key: this.key(name), Body: bytes, ContentLength: bytes.length }),
    );
  }

  async get(name: string): Promise<Uint8Array | undefined> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.key(name) }));
      return answer.Body ? await answer.Body.transformToByteArray() : new Uint8Array();
    } catch (error) {
      if (notFound(error)) return undefined;
      throw error;
    }
  }

  async remove(name: string): Promise<void> {
    // S3 answers a delete of a missing key as a success.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.key(name) }));
  }

  async list(): Promise<string[]> {
    return (await this.objects()).map((object) => object.name);
  }

  async listWrittenBefore(before: Date): Promise<string[]> {
    return (await this.objects()).filter((object) => object.writtenAt < before).map((object) => object.name);
  }

  /**
   * Always 0: files go up in a single PutObject (an image is a few megabytes, far under its 5 GB
   * limit), which leaves nothing behind when interrupted. Only multipart uploads leave parts, and
   * this server starts none; the bucket's lifecycle rule for incomplete multipart uploads covers
   * anything else (docs/decisions/107).
   */
  async removeIncomplete(_before: Date): Promise<number> {
    return 0;
  }

  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket }));
    } catch (error) {
      const where = this.settings.endpoint ? ` at ${this.settings.endpoint}` : '';
      throw new Error(`S3 bucket "${this.settings.bucket}"${where} is not reachable: ${reason(error)}`, { cause: error });
    }
  }

  /** Every stored file directly under the prefix; keys in deeper "folders" or with names the server never gives are not ours. */
  private async objects(): Promise<{ name: string; writtenAt: Date }[]> {
    const { bucket, prefix } = this.settings;
    const found: { name: string; writtenAt: Date }[] = [];
    let continuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, Delimiter: '/', MaxKeys: this.pageSize, ContinuationToken: continuationToken }),
      );
      for (const object of page.Contents ?? []) {
        const stored = this.storedObject(object);
        if (stored) found.push(stored);
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
    return found.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  private storedObject(object: _Object): { name: string; writtenAt: Date } | undefined {
    const name = object.Key?.slice(this.settings.prefix.length);
    if (!name || !object.Key?.startsWith(this.settings.prefix) || !isStoredName(name) || !object.LastModified) return undefined;
    return { name, writtenAt: object.LastModified };
  }

  /** Closes the client's kept-alive connections. */
  close(): void {
    this.client.destroy();
  }
}
