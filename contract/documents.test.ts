import { describe, expect, it } from 'vitest';
import {
  cleanFileName,
  checkUpload,
  DOCUMENT_KIND_IDS,
  DOCUMENT_KINDS,
  imageDimensions,
  MAX_UPLOAD_BYTES,
  measureSharpness,
  PHOTO_SLOTS,
  SHARPNESS_THRESHOLD,
  sniffContentType,
} from './documents';
import { jpeg as largeJpeg, pdf } from '../tests/support/files';

const bytes = (...parts: (ArrayLike<number> | string)[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : Array.from(part))));
const be16 = (n: number) => [n >> 8, n & 0xff];
const be32 = (n: number) => [n >>> 24, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
const le16 = (n: number) => [n & 0xff, n >> 8];

// A real 1×1 PNG, as an image editor writes it.
const PNG_1X1 = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);
const PDF = pdf();
const GIF = bytes('GIF89a', [1, 0, 1, 0, 0, 0, 0]);
// ftyp with the HEVC brand, then meta (a full box) holding the 'pict' handler.
const HEIC = bytes(
  be32(24),
  'ftypheic',
  be32(0),
  'mif1heic',
  be32(45),
  'meta',
  be32(0),
  be32(33),
  'hdlr',
  be32(0),
  be32(0),
  'pict',
  new Array<number>(13).fill(0),
);
const AVIF = bytes(be32(24), 'ftypavif', be32(0), 'mif1avif');
const le32 = (n: number) => [...le16(n & 0xffff), ...le16(n >>> 16)];
const WEBP = bytes('RIFF', le32(22), 'WEBPVP8 ', le32(10), [0, 0, 0, 0x9d, 0x01, 0x2a], le16(640), le16(480));

/** A structurally valid JPEG: the header segments a camera writes, then `scanBytes` of scan data. */
function jpeg(options: { width: number; height: number; scanBytes: number; quantiser?: number; sof?: number; after?: number[] }) {
  let seed = 7;
  // Scan data never holds a bare 0xFF (encoders stuff it as FF 00), so the filler stays below it.
  const scan = Array.from({ length: options.scanBytes }, () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % 0xff);
  return bytes(
    [0xff, 0xd8],
    [0xff, 0xe0, ...be16(16)],
    'JFIF\0',
    [1, 1, 0, 0, 1, 0, 1, 0, 0],
    options.quantiser === undefined ? [] : [0xff, 0xdb, ...be16(67), 0x00, ...Array<number>(64).fill(options.quantiser)],
    [0xff, options.sof ?? 0xc0, ...be16(17), 8, ...be16(options.height), ...be16(options.width), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1],
    [0xff, 0xda, ...be16(12), 3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3f, 0],
    scan,
    [0xff, 0xd9],
    options.after ?? [],
  );
}

describe('sniffContentType', () => {
  it.each([
    ['JPEG', jpeg({ width: 8, height: 8, scanBytes: 10 }), 'image/jpeg'],
    ['PNG', PNG_1X1, 'image/png'],
    ['WebP', WEBP, 'image/webp'],
    ['HEIC', HEIC, 'image/heic'],
    ['PDF', PDF, 'application/pdf'],
  ])('knows a %s by its magic bytes', (_name, file, type) => {
    expect(sniffContentType(file)).toBe(type);
  });

  it.each([
    ['nothing', new Uint8Array()],
    ['a GIF', GIF],
    ['an AVIF (mif1 but no HEVC brand)', AVIF],
    ['a Word document (zip)', bytes('PK', [3, 4, 20, 0, 6, 0])],
    ['HTML', bytes('<!doctype html><script>alert(1)</script>')],
    ['text that mentions %PDF- too late', bytes(' '.repeat(1024), '%PDF-1.4')],
    ['a truncated JPEG signature', bytes([0xff, 0xd8])],
    ['a PDF header after a few stray bytes (room for a JPEG in front)', bytes('\r\n\r\n%PDF-1.7\n')],
  ])('refuses %s', (_name, file) => {
    expect(sniffContentType(file)).toBeNull();
  });
});

describe('checkUpload', () => {
  it('accepts photos and PDFs for the logbook, by content whatever the file was called', () => {
    expect(checkUpload({ kind: 'v5c', bytes: PNG_1X1 })).toEqual({ ok: true, contentType: 'image/png', bytes: PNG_1X1 });
    expect(checkUpload({ kind: 'v5c', bytes: PDF })).toEqual({ ok: true, contentType: 'application/pdf', bytes: PDF });
    expect(checkUpload({ kind: 'driving-licence', bytes: HEIC })).toEqual({ ok: true, contentType: 'image/heic', bytes: HEIC });
  });

  it('takes only a PDF as the finance settlement letter', () => {
    expect(checkUpload({ kind: 'finance-settlement-letter', bytes: PDF })).toMatchObject({ ok: true, contentType: 'application/pdf' });
    for (const file of [PNG_1X1, jpeg({ width: 8, height: 8, scanBytes: 10 }), GIF]) {
      expect(checkUpload({ kind: 'finance-settlement-letter', bytes: file })).toEqual({
        ok: false,
        message: 'The finance settlement letter must be the PDF your lender sent',
      });
    }
  });

  it('refuses a file that is neither a photo nor a PDF', () => {
    expect(checkUpload({ kind: 'service-history', bytes: GIF })).toEqual({
      ok: false,
      message: 'Upload a photo (JPEG, PNG, WebP or HEIC) or a PDF',
    });
  });

  it('refuses an empty file', () => {
    expect(checkUpload({ kind: 'v5c', bytes: new Uint8Array() })).toEqual({ ok: false, message: 'That file is empty' });
  });

  it('allows exactly the limit and refuses a byte more', () => {
    expect(checkUpload({ kind: 'v5c', bytes: largeJpeg(1600, 1200, MAX_UPLOAD_BYTES.document) }).ok).toBe(true);
    const over = new Uint8Array(MAX_UPLOAD_BYTES.document + 1);
    over.set(PDF);
    expect(checkUpload({ kind: 'v5c', bytes: over })).toEqual({ ok: false, message: 'That file is bigger than 10 MB' });
  });

  it('takes only images, up to 8 MB, for a photo slot', () => {
    expect(checkUpload({ slot: 'front-left', bytes: WEBP })).toEqual({ ok: true, contentType: 'image/webp', bytes: WEBP });
    expect(checkUpload({ slot: 'front-left', bytes: PDF })).toEqual({ ok: false, message: 'Upload a photo (JPEG, PNG, WebP or HEIC)' });
    const over = new Uint8Array(MAX_UPLOAD_BYTES.photo + 1);
    over.set(PNG_1X1);
    expect(checkUpload({ slot: 'boot', bytes: over })).toEqual({ ok: false, message: 'That file is bigger than 8 MB' });
  });
});

describe('what is required', () => {
  it('always asks for the logbook and licence, and the settlement letter only with finance outstanding', () => {
    const required = (finance: boolean) => DOCUMENT_KIND_IDS.filter((kind) => DOCUMENT_KINDS[kind].required(finance));
    expect(required(false)).toEqual(['v5c', 'driving-licence']);
    expect(required(true)).toEqual(['v5c', 'driving-licence', 'finance-settlement-letter']);
    expect(DOCUMENT_KINDS['finance-settlement-letter'].accepts).toEqual(['application/pdf']);
  });

  it('guides the four corners, interior, dashboard, boot and wheels first, all required', () => {
    const ids = PHOTO_SLOTS.map((slot) => slot.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.slice(0, 12)).toEqual([
      'front-left',
      'front-right',
      'rear-left',
      'rear-right',
      'interior-front',
      'interior-rear',
      'dashboard',
      'boot',
      'wheel-front-left',
      'wheel-front-right',
      'wheel-rear-left',
      'wheel-rear-right',
    ]);
    expect(PHOTO_SLOTS.slice(0, 12).every((slot) => slot.required)).toBe(true);
    expect(PHOTO_SLOTS.find((slot) => slot.id === 'dashboard')!.hint).toMatch(/mileage/);
  });
});

describe('image dimensions', () => {
  it('reads PNG from IHDR and JPEG from the start of frame, baseline or progressive', () => {
    expect(imageDimensions(PNG_1X1, 'image/png')).toEqual({ width: 1, height: 1 });
    expect(imageDimensions(jpeg({ width: 4032, height: 3024, scanBytes: 10 }), 'image/jpeg')).toEqual({ width: 4032, height: 3024 });
    expect(imageDimensions(jpeg({ width: 1280, height: 960, scanBytes: 10, sof: 0xc2 }), 'image/jpeg')).toEqual({
      width: 1280,
      height: 960,
    });
  });

  it('reads WebP (lossy, lossless, extended) and HEIC (the largest ispe, not a tile)', () => {
    expect(imageDimensions(WEBP, 'image/webp')).toEqual({ width: 640, height: 480 });
    // VP8L packs width-1 and height-1 as 14-bit fields after the 0x2f signature.
    const packed = (100 - 1) | ((50 - 1) << 14);
    const lossless = bytes('RIFF', be32(0), 'WEBPVP8L', be32(0), [
      0x2f,
      packed & 0xff,
      (packed >> 8) & 0xff,
      (packed >> 16) & 0xff,
      packed >>> 24,
    ]);
    expect(imageDimensions(lossless, 'image/webp')).toEqual({ width: 100, height: 50 });
    const extended = bytes('RIFF', be32(0), 'WEBPVP8X', be32(10), [0, 0, 0, 0], [0x1f, 0x03, 0x00], [0x57, 0x02, 0x00]);
    expect(imageDimensions(extended, 'image/webp')).toEqual({ width: 800, height: 600 });
    const ispe = (w: number, h: number) => bytes(be32(20), 'ispe', be32(0), be32(w), be32(h));
    const heic = bytes(HEIC, ispe(512, 512), ispe(4032, 3024), ispe(512, 512), new Array<number>(16).fill(0));
    expect(imageDimensions(heic, 'image/heic')).toEqual({ width: 4032, height: 3024 });
  });
});

describe('measureSharpness', () => {
  // 100×100 pixels: the threshold falls at 0.75 × 10,000 / 8 ≈ 938 bytes of scan data.
  it('calls a photo that codes to many bits per pixel sharp, and one that codes to few not sharp', () => {
    const sharp = measureSharpness(jpeg({ width: 100, height: 100, scanBytes: 2000 }));
    expect(sharp).toEqual({ sharp: true, score: 1.6, width: 100, height: 100 });
    const blurry = measureSharpness(jpeg({ width: 100, height: 100, scanBytes: 300 }));
    expect(blurry).toEqual({ sharp: false, score: 0.24, width: 100, height: 100 });
    expect(blurry.score!).toBeLessThan(SHARPNESS_THRESHOLD);
  });

  it('allows for the encoder quality: the same bytes mean more detail at a coarse quantiser, less at a fine one', () => {
    const at = (quantiser: number) => measureSharpness(jpeg({ width: 100, height: 100, scanBytes: 1250, quantiser }));
    expect(at(29).score).toBe(1); // libjpeg quality 75: the reference
    expect(at(116).score).toBe(2); // √(116 / 29)
    expect(at(7)).toMatchObject({ sharp: false, score: 0.491 }); // about quality 94
  });

  it('counts only the scan data: what a phone appends after the image is not detail', () => {
    const withVideo = jpeg({ width: 100, height: 100, scanBytes: 300, after: new Array<number>(50_000).fill(0x42) });
    expect(measureSharpness(withVideo)).toMatchObject({ sharp: false, score: 0.24 });
  });

  it('skips stuffed 0xFF bytes and restart markers inside the scan', () => {
    const file = jpeg({ width: 10, height: 10, scanBytes: 0 });
    const scanStart = file.length - 2;
    const withStuffing = bytes(file.subarray(0, scanStart), [1, 0xff, 0x00, 2, 0xff, 0xd0, 3], [0xff, 0xd9]);
    expect(measureSharpness(withStuffing).score).toBe(Math.round(((8 * 7) / 100) * 1000) / 1000);
  });

  it('does not judge PNG (lossless), PDFs or files it cannot measure', () => {
    expect(measureSharpness(PNG_1X1)).toEqual({ sharp: true, score: null, width: 1, height: 1 });
    expect(measureSharpness(PDF)).toEqual({ sharp: true, score: null, width: null, height: null });
    expect(measureSharpness(bytes([0xff, 0xd8, 0xff, 0xd9]))).toEqual({ sharp: true, score: null, width: null, height: null });
  });
});

describe('an uploaded file’s name', () => {
  it('loses bidi controls and every other format or control character, so it reads as it is', () => {
    expect(cleanFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    for (const control of [
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200E',
      '\u200F',
      '\u061C',
    ])
      expect(cleanFileName(`v5c${control}.pdf`), control.codePointAt(0)!.toString(16)).toBe('v5c.pdf');
    // The rest of Cf (zero-width space and joiner, BOM, soft hyphen), Cc, and line separators.
    expect(cleanFileName('\uFEFFv\u200B5\u200Dc\u00AD.p\u0000d\u001Bf\u2028\u2029')).toBe('v5c.pdf');
  });

  it('keeps the seller’s own letters, without a path, and not an essay', () => {
    expect(cleanFileName('C:\\Users\\Zoë\\Documents\\Führerschein – 2026.pdf')).toBe('Führerschein – 2026.pdf');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('\u202E')).toBeNull();
    expect(Array.from(cleanFileName(`${'😀'.repeat(300)}.pdf`)!)).toHaveLength(200);
  });
});
