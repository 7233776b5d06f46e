// The test bucket: S3_TEST_ENDPOINT … (set by `eval "$(bash .ci/services/s3.sh)"`, which starts
// a single-node OpenStack Swift with s3api). Tests that need it skip, saying why, when it is unset.
import type { S3Settings } from '../../api/config';

export const S3_SKIP_REASON = 'S3_TEST_ENDPOINT is not set: start a test bucket with eval "$(bash .ci/services/s3.sh)"';

export function testS3Settings(): S3Settings | null {
  const e = process.env;
  if (!e.S3_TEST_ENDPOINT) return null;
  return {
    endpoint: e.S3_TEST_ENDPOINT,
    bucket: e.S3_TEST_BUCKET ?? 'portal-test',
    region: e.S3_TEST_REGION ?? 'us-east-1',
    accessKeyId: e.S3_TEST_ACCESS_KEY_ID ?? '',
    secretAccessKey: e.S3_TEST_SECRET_ACCESS_KEY ?? '',
    forcePathStyle: true,
  };
}

/** The same settings as the environment the portal reads (S3_…). */
export function s3Env(s: S3Settings): Record<string, string> {
  return {
    S3_ENDPOINT: s.endpoint,
    S3_BUCKET: s.bucket,
    S3_REGION: s.region,
    S3_ACCESS_KEY_ID: s.accessKeyId,
    S3_SECRET_ACCESS_KEY: s.secretAccessKey,
    S3_FORCE_PATH_STYLE: String(s.forcePathStyle),
  };
}
