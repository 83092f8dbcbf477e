import path from 'node:path';
import type { Config } from '../../config.js';
import type { StorageDriver } from '../../modules/platform/stored-files/storage.port.js';
import { localDriver } from './local-driver.js';
import { s3Driver } from './s3-driver.js';

export const createStorage = (config: Config): StorageDriver =>
  config.s3 ? s3Driver(config.s3, config.outboundTimeoutMs) : localDriver(path.join(config.dataDir, 'files'));
