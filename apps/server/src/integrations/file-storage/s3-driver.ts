import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { StoredObjectMissingError, type StorageDriver } from '../../modules/platform/stored-files/storage.port.js';

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint: string | null;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  forcePathStyle: boolean;
}

/** Any S3-compatible object store (AWS S3, MinIO, R2, …), for deployments with several API processes. */
export const s3Driver = (settings: S3Settings, timeoutMs: number): StorageDriver => {
  const client = new S3Client({
    region: settings.region,
    // Like every outbound call, a store that stops answering gives up instead of holding the request (idle time, so big files still stream).
    requestHandler: { connectionTimeout: timeoutMs, requestTimeout: timeoutMs },
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId && settings.secretAccessKey ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } } : {}),
  });
  return {
    name: 's3',
    async put(key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket: settings.bucket, Key: key, Body: body, ContentType: contentType }));
    },
    async get(key) {
      const res = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key })).catch((err: unknown) => {
        throw err instanceof NoSuchKey ? new StoredObjectMissingError(key) : err;
      });
      if (!(res.Body instanceof Readable)) throw new Error(`S3 object ${key} has no readable body`);
      return res.Body;
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: key }));
    },
  };
};
