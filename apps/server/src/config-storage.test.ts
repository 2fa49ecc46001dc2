import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const S3 = { STORAGE_URL: 's3://lend-uploads/prod/uploads', S3_REGION: 'eu-west-1' };

describe('storage settings', () => {
  it('keeps uploaded files in DATA_DIR/uploads unless STORAGE_URL says otherwise', () => {
    expect(loadConfig({ DATA_DIR: '/srv/lend' }).storage).toEqual({ kind: 'local', folder: resolve('/srv/lend', 'uploads') });
  });

  it('chooses an S3 bucket and key prefix, with the SDK’s own credentials unless keys are given', () => {
    expect(loadConfig(S3).storage).toEqual({
      kind: 's3',
      bucket: 'lend-uploads',
      prefix: 'prod/uploads/',
      region: 'eu-west-1',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(loadConfig({ STORAGE_URL: 's3://lend-uploads', AWS_REGION: 'us-east-2' }).storage).toMatchObject({ prefix: '', region: 'us-east-2' });
    expect(loadConfig({ STORAGE_URL: 's3://lend-uploads/a/', S3_REGION: 'auto', AWS_REGION: 'us-east-2' }).storage).toMatchObject({ prefix: 'a/', region: 'auto' });
  });

  it('reaches an S3-compatible service at its own address, by path unless told otherwise, with the keys given', () => {
    const env = { ...S3, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'key-id', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(loadConfig(env).storage).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'key-id', secretAccessKey: 'secret' },
    });
    expect(loadConfig({ ...env, S3_FORCE_PATH_STYLE: '0' }).storage).toMatchObject({ forcePathStyle: false });
    expect(loadConfig({ ...S3, S3_FORCE_PATH_STYLE: '1' }).storage).toMatchObject({ forcePathStyle: true });
  });

  it('stops the start on a malformed value, naming the variable', () => {
    for (const url of ['https://bucket', 's3://', 's3://Upper', 's3://ab', 's3://bucket?region=x', 's3://key:secret@bucket', 's3://bucket//x', 's3://bucket/../x']) {
      expect(() => loadConfig({ ...S3, STORAGE_URL: url }), url).toThrow(/^Configuration error: STORAGE_URL must be s3:\/\/bucket or s3:\/\/bucket\/prefix/);
    }
    expect(() => loadConfig({ ...S3, S3_ENDPOINT: 'minio:9000' })).toThrow(/^Configuration error: S3_ENDPOINT must be an http:\/\/ or https:\/\/ address/);
    expect(() => loadConfig({ ...S3, S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/^Configuration error: S3_FORCE_PATH_STYLE must be 1 or 0 \(got "yes"\)$/);
    expect(() => loadConfig({ ...S3, S3_REGION: 'EU West' })).toThrow(/^Configuration error: S3_REGION must be a region name/);
  });

  it('stops the start when an S3 setting is missing or would be ignored', () => {
    expect(() => loadConfig({ STORAGE_URL: 's3://lend-uploads' })).toThrow(/^Configuration error: S3_REGION is required when STORAGE_URL is an s3:\/\/ address/);
    expect(() => loadConfig({ ...S3, S3_ACCESS_KEY_ID: 'key-id' })).toThrow(/^Configuration error: S3_SECRET_ACCESS_KEY is required when S3_ACCESS_KEY_ID is set$/);
    expect(() => loadConfig({ ...S3, S3_SECRET_ACCESS_KEY: 'secret' })).toThrow(/^Configuration error: S3_ACCESS_KEY_ID is required when S3_SECRET_ACCESS_KEY is set$/);
    // Without STORAGE_URL each server would quietly keep its own folder.
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/^Configuration error: S3_ENDPOINT is set but STORAGE_URL does not choose S3 storage/);
    expect(loadConfig({ AWS_REGION: 'us-east-1' }).storage.kind).toBe('local');
  });

  it('never repeats the secret key in an error', () => {
    expect(() => loadConfig({ S3_SECRET_ACCESS_KEY: 'very-secret-value' })).toThrow(/^(?!.*very-secret-value)/);
  });
});
