import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { linkLicences } from './link-licences.mjs';

describe('the licence notices of a browser file', () => {
  const code = 'var a=1;export{a};\n';
  const notices = '/*! Bundled license information:\n\nreact/index.js:\n  (** @license React *)\n*/\n';

  it('move to a file beside it, which the script names, and the code is unchanged', () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'licences-')), 'chunk-A.js');
    writeFileSync(file, code + notices);
    expect(linkLicences(file)).toBe(notices.length);
    expect(readFileSync(file, 'utf8')).toBe(`${code}/*! For license information please see chunk-A.js.LEGAL.txt */\n`);
    expect(readFileSync(`${file}.LEGAL.txt`, 'utf8')).toBe(notices);
    // A second run (a build run twice) finds nothing left to move and keeps the notices.
    expect(linkLicences(file)).toBe(0);
    expect(readFileSync(`${file}.LEGAL.txt`, 'utf8')).toBe(notices);
  });

  it('leave a file without notices alone', () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'licences-')), 'chunk-B.js');
    writeFileSync(file, code);
    expect(linkLicences(file)).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(code);
  });
});
