// The request edge's value rules as pure functions (api/http/edge-values.ts; docs/wire-contract.md
// "Requests"): which characters are refused, and which loose numbers and flags are taken as meant.
import t from 'tap';
import { controlCharacterPath, loosely, meantScalars, NOT_MEANT } from '../../api/http/edge-values';

t.test('a lone half of a surrogate pair is refused like a control character; whole pairs are text', async (t) => {
  t.equal(controlCharacterPath({ a: { b: 'x\ud800y' } }), 'a.b');
  t.equal(controlCharacterPath({ a: ['\udc00'] }), 'a.0');
  t.equal(controlCharacterPath({ a: '𠮷田😀', b: '改行\nタブ\t' }), null);
});

t.test('numbers as digits, flags as words or 1/0; nothing else', async (t) => {
  t.equal(loosely('12', 'integer'), 12);
  t.equal(loosely('-3', 'integer'), -3);
  t.equal(loosely('1.25', 'number'), 1.25);
  for (const v of ['1.5', '1e3', ' 2', '0x10', '', 'x', '99999999999999999'] as const)
    t.equal(loosely(v, 'integer'), NOT_MEANT, `integer ${JSON.stringify(v)}`);
  t.equal(loosely(12, 'integer'), NOT_MEANT, 'a number is not loose (the schema judges it)');
  t.equal(loosely('true', 'boolean'), true);
  t.equal(loosely(0, 'boolean'), false);
  t.equal(loosely('1', 'boolean'), true);
  for (const v of ['yes', 'TRUE', 2, ''] as const)
    t.equal(loosely(v, 'boolean'), NOT_MEANT, `flag ${JSON.stringify(v)}`);
});

t.test('only values the schema refused for their type are replaced, in objects and arrays', async (t) => {
  const body = { page: '2', list: [{ on: 'false' }], name: '12', bad: 'x' };
  const n = meantScalars(body, [
    { keyword: 'type', instancePath: '/page', params: { type: 'integer' } },
    { keyword: 'type', instancePath: '/list/0/on', params: { type: 'boolean' } },
    { keyword: 'type', instancePath: '/bad', params: { type: 'integer' } },
    { keyword: 'maxLength', instancePath: '/name', params: {} },
  ]);
  t.equal(n, 2);
  t.same(body, { page: 2, list: [{ on: false }], name: '12', bad: 'x' });
});
