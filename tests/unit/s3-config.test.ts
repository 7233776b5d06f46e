// The S3_ settings (api/config.ts): all or none, checked for shape at start-up with a message
// that says what to fix and never shows the secret.
import t from 'tap';
import { ConfigError, loadConfig } from '../../api/config';

const full = {
  S3_ENDPOINT: 'https://s3.ap-northeast-1.amazonaws.com',
  S3_BUCKET: 'portal-files',
  S3_REGION: 'ap-northeast-1',
  S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
  S3_SECRET_ACCESS_KEY: 'very-secret-value',
};
const fails = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.message;
    throw err;
  }
  return null;
};

t.test('no S3_ variable: local disk', async (t) => {
  t.equal(loadConfig({}).s3, undefined);
});

t.test('all of them: the bucket', async (t) => {
  t.same(loadConfig(full).s3, {
    endpoint: 'https://s3.ap-northeast-1.amazonaws.com',
    bucket: 'portal-files',
    region: 'ap-northeast-1',
    accessKeyId: 'AKIAEXAMPLE',
    secretAccessKey: 'very-secret-value',
    forcePathStyle: false,
  });
  t.equal(
    loadConfig({ ...full, S3_ENDPOINT: 'http://10.0.0.5:9000/', S3_FORCE_PATH_STYLE: 'true' }).s3?.endpoint,
    'http://10.0.0.5:9000',
    'a trailing slash is dropped',
  );
  t.equal(loadConfig({ ...full, S3_FORCE_PATH_STYLE: 'TRUE' }).s3?.forcePathStyle, true);
});

t.test('refused with a reason', async (t) => {
  const cases: Array<[string, Record<string, string>, RegExp]> = [
    ['one missing', { ...full, S3_REGION: '' }, /incomplete: S3_REGION is missing/],
    [
      'only the bucket',
      { S3_BUCKET: 'portal-files' },
      /S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are missing/,
    ],
    ['path style alone', { S3_FORCE_PATH_STYLE: 'true' }, /S3_FORCE_PATH_STYLE is set but no bucket is/],
    ['not a URL', { ...full, S3_ENDPOINT: 's3.amazonaws.com' }, /S3_ENDPOINT must be an http/],
    ['another scheme', { ...full, S3_ENDPOINT: 'ftp://files.example.jp' }, /S3_ENDPOINT must start with http/],
    [
      'a path',
      { ...full, S3_ENDPOINT: 'https://s3.example.jp/portal-files' },
      /without a path: the bucket goes in S3_BUCKET/,
    ],
    [
      'credentials in the URL',
      { ...full, S3_ENDPOINT: 'https://key:secret@s3.example.jp' },
      /must not carry credentials/,
    ],
    ['a bucket name with capitals', { ...full, S3_BUCKET: 'Portal_Files' }, /S3_BUCKET must be a bucket name/],
    ['a region with spaces', { ...full, S3_REGION: 'ap northeast' }, /S3_REGION must look like/],
    [
      'path style neither true nor false',
      { ...full, S3_FORCE_PATH_STYLE: 'yes' },
      /S3_FORCE_PATH_STYLE must be true or false/,
    ],
  ];
  for (const [what, env, message] of cases) {
    const got = fails(env);
    t.match(got, message, what);
    t.notMatch(got ?? '', /very-secret-value/, `${what}: the secret is not shown`);
  }
});
