import { describe, expect, it } from 'vitest';
import { formatVrm, isValidVrm, normaliseVrm, vrmFormat } from './vrm';

describe('VRM rules', () => {
  it.each([
    ['AB12CDE', 'current', 'AB12 CDE'],
    ['A123BCD', 'prefix', 'A123 BCD'],
    ['ABC123D', 'suffix', 'ABC 123D'],
    ['1234AB', 'dateless', '1234 AB'],
    ['123ABC', 'dateless', '123 ABC'],
    ['AB1234', 'dateless', 'AB 1234'],
    ['ABC123', 'dateless', 'ABC 123'],
    ['ABC1234', 'dateless', 'ABC 1234'],
  ])('accepts the spec format %s', (vrm, kind, pretty) => {
    expect(vrmFormat(vrm)).toBe(kind);
    expect(formatVrm(vrm)).toBe(pretty);
  });

  it('ignores case and spaces, as a seller types them', () => {
    expect(normaliseVrm(' ke19  fta ')).toBe('KE19FTA');
    expect(isValidVrm('ke19 fta')).toBe(true);
    expect(formatVrm('ke19fta')).toBe('KE19 FTA');
  });

  it.each(['', 'A', 'ABCDEFG', '12345678', 'AB12CD!', 'AB-12-CDE', 'AB123CDE', '12AB34'])('rejects %j', (vrm) =>
    expect(isValidVrm(vrm)).toBe(false),
  );
});
