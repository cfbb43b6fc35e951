/**
 * Whole-file structure checks for the types we accept. The first bytes only say what a file claims
 * to be; a polyglot (a JPEG that is also a web page, a PDF with a zip after it) claims one thing
 * and carries another. A Worker cannot re-encode images without a codec library, so a file whose
 * structure does not parse from start to end is refused rather than repaired.
 *
 * What each check walks, from the format's own specification:
 * - JPEG (ITU T.81 annex B): SOI, a chain of marker segments whose lengths fit, a frame header
 *   before the first scan, entropy-coded data and further segments (progressive scans) up to EOI.
 *   After EOI phones append their own data (a motion photo's video, an Ultra HDR gain map): that
 *   is not the picture, so it is dropped, and refused outright if it carries markup or a PDF.
 * - PNG (ISO 15948): the signature, then chunks whose CRCs match, IHDR first, at least one IDAT,
 *   IEND last and nothing after it.
 * - WebP (RFC 9649): a RIFF header whose size is the file's, then chunks that fill it exactly,
 *   the first one an image (VP8, VP8L) or the extended header (VP8X).
 * - HEIC (ISO 14496-12, ISO 23008-12): boxes that fill the file exactly, ftyp first with an HEVC
 *   brand, and a meta box whose handler is 'pict' and whose own boxes fill it exactly.
 * - PDF (ISO 32000 §7.5): %PDF-n.n at offset 0, the last %%EOF in the final kilobyte with only
 *   white space after it, and startxref pointing at a cross-reference table or stream inside the
 *   file.
 * Every type is also searched where text lives (metadata segments and chunks, anything after the
 * image, PDF text outside streams, and the first kilobyte, where PDF readers look for a header)
 * for HTML and script: no photo or bank letter needs them, and a browser or reader that finds them
 * could be talked into treating the file as something else.
 */

export type StructureProblem = 'damaged' | 'hidden-content';

export type StructureCheck = { ok: true; length: number } | { ok: false; problem: StructureProblem };

export type CheckedType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/heic' | 'application/pdf';

export function checkStructure(bytes: Uint8Array, contentType: CheckedType): StructureCheck {
  // A PDF reader takes a header anywhere in the first 1,024 bytes (ISO 32000 annex H), so an image
  // with one there opens as a document too.
  if (contentType !== 'application/pdf' && indexOfText(bytes, '%PDF-', 0, Math.min(bytes.length, 1024)) !== -1) return hidden;
  switch (contentType) {
    case 'image/jpeg':
      return checkJpeg(bytes);
    case 'image/png':
      return checkPng(bytes);
    case 'image/webp':
      return checkWebp(bytes);
    case 'image/heic':
      return checkHeic(bytes);
    case 'application/pdf':
      return checkPdf(bytes);
  }
}

const damaged: StructureCheck = { ok: false, problem: 'damaged' };
const hidden: StructureCheck = { ok: false, problem: 'hidden-content' };

/* Markup --------------------------------------------------------------------------------------- */

/**
 * What makes a browser treat bytes as a page or run them: the opening of an HTML or SVG element
 * (its name then white space, '>' or '/'), a doctype, a javascript: URL. XMP metadata is XML, so
 * '<?xml' and '<x:xmpmeta' are not on the list. Much of what is searched is compressed data (an
 * EXIF thumbnail, a motion photo's video), where a short marker turns up by chance; a tag name
 * with its delimiter is long enough not to (under one in 10^5 in 10 MB of random bytes).
 */
const TAGS = ['<html', '<head', '<body', '<script', '<iframe', '<svg', '<object', '<embed', '<meta'];
const MARKERS = ['<!doctype', 'javascript:'];
const isTagEnd = (byte: number | undefined) =>
  byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d || byte === 0x0c || byte === 0x3e || byte === 0x2f;

export function hasMarkup(bytes: Uint8Array, from = 0, to = bytes.length): boolean {
  for (let i = from; i < to; i++) {
    const byte = bytes[i]!;
    if (byte === 0x3c) {
      for (const tag of TAGS) if (matchesText(bytes, i, tag, to) && isTagEnd(bytes[i + tag.length])) return true;
    } else if (byte !== 0x6a && byte !== 0x4a) {
      continue; // only '<' and 'j' start a marker
    }
    for (const marker of MARKERS) if (matchesText(bytes, i, marker, to)) return true;
  }
  return false;
}

/** Case-insensitive ASCII match of `text` (lower case) at `at`, ending by `to`. */
function matchesText(bytes: Uint8Array, at: number, text: string, to = bytes.length): boolean {
  if (at + text.length > to) return false;
  for (let j = 0; j < text.length; j++) {
    let byte = bytes[at + j]!;
    if (byte >= 0x41 && byte <= 0x5a) byte += 0x20;
    if (byte !== text.charCodeAt(j)) return false;
  }
  return true;
}

/** Exact (case-sensitive) ASCII search. */
function indexOfText(bytes: Uint8Array, text: string, from = 0, to = bytes.length): number {
  const first = text.charCodeAt(0);
  for (let i = bytes.indexOf(first, from); i !== -1 && i + text.length <= to; i = bytes.indexOf(first, i + 1)) {
    let j = 1;
    while (j < text.length && bytes[i + j] === text.charCodeAt(j)) j++;
    if (j === text.length) return i;
  }
  return -1;
}

function lastIndexOfText(bytes: Uint8Array, text: string, from: number): number {
  for (let i = bytes.length - text.length; i >= from; i--) {
    let j = 0;
    while (j < text.length && bytes[i + j] === text.charCodeAt(j)) j++;
    if (j === text.length) return i;
  }
  return -1;
}

const isPadding = (bytes: Uint8Array, from: number) => bytes.subarray(from).every((b) => b === 0x00 || b === 0xff);

/* JPEG ----------------------------------------------------------------------------------------- */

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const isRestart = (marker: number) => marker >= 0xd0 && marker <= 0xd7;
// C0–CF are frame headers except DHT (C4), JPG (C8) and DAC (CC).
const isFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
// Application segments and comments hold free text: EXIF, XMP, ICC profiles, an editor's note.
const isTextual = (marker: number) => (marker >= 0xe0 && marker <= 0xef) || marker === 0xfe;

function checkJpeg(bytes: Uint8Array): StructureCheck {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== SOI) return damaged;
  let offset = 2;
  let components = 0; // from the frame header; 0 until one is read
  let scans = 0;
  for (;;) {
    // Outside scan data: a marker, perhaps after fill bytes.
    if (bytes[offset] !== 0xff) return damaged;
    while (bytes[offset] === 0xff) offset++;
    if (offset >= bytes.length) return damaged;
    const marker = bytes[offset]!;
    offset++;
    if (marker === EOI) break;
    if (marker === SOI || marker === 0x00 || isRestart(marker) || marker === 0x01) return damaged;
    if (offset + 2 > bytes.length) return damaged;
    const length = uint16(bytes, offset);
    const end = offset + length;
    if (length < 2 || end > bytes.length) return damaged;
    const body = offset + 2;
    if (isFrame(marker)) {
      // Only one frame in a (non-hierarchical) image: P, Y, X, Nf, then three bytes a component.
      if (components !== 0 || length < 8) return damaged;
      components = bytes[body + 5]!;
      if (components === 0 || length !== 8 + 3 * components) return damaged;
      if (uint16(bytes, body + 1) === 0 || uint16(bytes, body + 3) === 0) return damaged;
    } else if (marker === SOS) {
      const inScan = bytes[body]!;
      if (components === 0 || inScan === 0 || inScan > 4 || inScan > components || length !== 6 + 2 * inScan) return damaged;
      scans++;
      const next = endOfEntropyData(bytes, end);
      if (next === -1) return damaged;
      offset = next;
      continue;
    } else if (isTextual(marker) && hasMarkup(bytes, body, end)) {
      return hidden;
    }
    offset = end;
  }
  if (scans === 0) return damaged;
  const length = offset;
  if (length < bytes.length && !isPadding(bytes, length)) {
    if (hasMarkup(bytes, length) || indexOfText(bytes, '%PDF-', length) !== -1) return hidden;
  }
  return { ok: true, length };
}

/**
 * Where the entropy-coded data after a scan header ends: the next marker other than a stuffed
 * zero or a restart marker. -1 when the file ends first (a truncated photo).
 */
function endOfEntropyData(bytes: Uint8Array, from: number): number {
  let offset = from;
  for (;;) {
    const ff = bytes.indexOf(0xff, offset);
    if (ff === -1 || ff + 1 >= bytes.length) return -1;
    const next = bytes[ff + 1]!;
    if (next === 0x00 || isRestart(next)) {
      offset = ff + 2;
      continue;
    }
    if (next === 0xff) {
      offset = ff + 1; // fill byte before a marker
      continue;
    }
    return ff;
  }
}

/* PNG ------------------------------------------------------------------------------------------ */

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
// Valid bit depths for each colour type (ISO 15948 table 11.1).
const PNG_DEPTHS: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };
const PNG_TEXT_CHUNKS = new Set(['tEXt', 'iTXt']);

function checkPng(bytes: Uint8Array): StructureCheck {
  if (bytes.length < 8 || PNG_SIGNATURE.some((b, i) => bytes[i] !== b)) return damaged;
  let offset = 8;
  let first = true;
  let imageData = false;
  for (;;) {
    if (offset + 12 > bytes.length) return damaged;
    const length = uint32(bytes, offset);
    const type = ascii(bytes, offset + 4, offset + 8);
    const data = offset + 8;
    const end = data + length + 4;
    if (length > 0x7fffffff || end > bytes.length || !/^[A-Za-z]{4}$/.test(type)) return damaged;
    if (crc32(bytes, offset + 4, data + length) !== uint32(bytes, data + length)) return damaged;
    if (first) {
      if (type !== 'IHDR' || length !== 13) return damaged;
      const width = uint32(bytes, data);
      const height = uint32(bytes, data + 4);
      const depth = bytes[data + 8]!;
      const colour = bytes[data + 9]!;
      if (width === 0 || height === 0 || !PNG_DEPTHS[colour]?.includes(depth)) return damaged;
      first = false;
    } else if (type === 'IHDR') {
      return damaged;
    }
    if (type === 'IDAT') imageData = true;
    if (PNG_TEXT_CHUNKS.has(type) && hasMarkup(bytes, data, data + length)) return hidden;
    offset = end;
    if (type === 'IEND') {
      if (length !== 0 || !imageData) return damaged;
      break;
    }
  }
  return offset === bytes.length ? { ok: true, length: offset } : tail(bytes, offset);
}

/** Bytes after the end of a format that allows none: a polyglot when they hold markup, else damage. */
function tail(bytes: Uint8Array, from: number): StructureCheck {
  return hasMarkup(bytes, from) || indexOfText(bytes, '%PDF-', from) !== -1 || indexOfText(bytes, 'PK\x03\x04', from) !== -1
    ? hidden
    : damaged;
}

let crcTable: Uint32Array | null = null;

function crc32(bytes: Uint8Array, from: number, to: number): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = from; i < to; i++) crc = crcTable[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/* WebP ----------------------------------------------------------------------------------------- */

const WEBP_TEXT_CHUNKS = new Set(['XMP ', 'EXIF']);

function checkWebp(bytes: Uint8Array): StructureCheck {
  if (bytes.length < 20 || ascii(bytes, 0, 4) !== 'RIFF' || ascii(bytes, 8, 12) !== 'WEBP') return damaged;
  const end = 8 + uint32le(bytes, 4);
  if (end > bytes.length || end < 20) return damaged;
  let offset = 12;
  let first: string | null = null;
  let image = false;
  while (offset < end) {
    if (offset + 8 > end) return damaged;
    const type = ascii(bytes, offset, offset + 4);
    const size = uint32le(bytes, offset + 4);
    const data = offset + 8;
    const next = data + size + (size & 1); // chunks are padded to an even length
    if (!/^[\x20-\x7e]{4}$/.test(type) || next > end) return damaged;
    first ??= type;
    if (type === 'VP8 ') {
      // Frame tag (3 bytes), then the key frame start code 9D 01 2A.
      if (size < 10 || bytes[data + 3] !== 0x9d || bytes[data + 4] !== 0x01 || bytes[data + 5] !== 0x2a) return damaged;
      image = true;
    } else if (type === 'VP8L') {
      if (size < 5 || bytes[data] !== 0x2f) return damaged;
      image = true;
    } else if (type === 'ANMF') {
      image = true;
    }
    if (WEBP_TEXT_CHUNKS.has(type) && hasMarkup(bytes, data, data + size)) return hidden;
    offset = next;
  }
  if (offset !== end || !image || (first !== 'VP8 ' && first !== 'VP8L' && first !== 'VP8X')) return damaged;
  return end === bytes.length ? { ok: true, length: end } : tail(bytes, end);
}

/* HEIC ----------------------------------------------------------------------------------------- */

const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx']);

interface Box {
  type: string;
  start: number;
  body: number;
  end: number;
}

/** The boxes from `from` to `to`, each fitting inside, together filling it exactly; null if not. */
function boxes(bytes: Uint8Array, from: number, to: number): Box[] | null {
  const found: Box[] = [];
  let offset = from;
  while (offset < to) {
    if (offset + 8 > to) return null;
    let size = uint32(bytes, offset);
    const type = ascii(bytes, offset + 4, offset + 8);
    let body = offset + 8;
    if (size === 1) {
      if (offset + 16 > to) return null;
      size = uint32(bytes, offset + 8) * 0x100000000 + uint32(bytes, offset + 12);
      body = offset + 16;
    } else if (size === 0) {
      size = to - offset; // "to the end of the file": only ever the last box
    }
    if (!/^[\x20-\x7e]{4}$/.test(type) || size < body - offset || offset + size > to) return null;
    found.push({ type, start: offset, body, end: offset + size });
    offset += size;
  }
  return found;
}

function checkHeic(bytes: Uint8Array): StructureCheck {
  const top = boxes(bytes, 0, bytes.length);
  if (!top) return ascii(bytes, 4, 8) === 'ftyp' ? heicTail(bytes) : damaged;
  if (top[0]?.type !== 'ftyp') return damaged;
  const ftyp = top[0];
  const brands = [];
  for (let at = ftyp.body; at + 4 <= ftyp.end; at += at === ftyp.body ? 8 : 4) brands.push(ascii(bytes, at, at + 4));
  if (!brands.some((brand) => HEIC_BRANDS.has(brand))) return damaged;
  const metas = top.filter((box) => box.type === 'meta');
  if (metas.length !== 1) return damaged;
  const meta = metas[0]!;
  // meta is a full box: version and flags (4 bytes), then its own boxes.
  const inner = boxes(bytes, meta.body + 4, meta.end);
  if (!inner) return damaged;
  const handler = inner.find((box) => box.type === 'hdlr');
  if (!handler || ascii(bytes, handler.body + 8, handler.body + 12) !== 'pict') return damaged;
  for (const box of [...top, ...inner]) {
    if (box.type !== 'mdat' && box.type !== 'idat' && hasMarkup(bytes, box.body, box.end)) return hidden;
  }
  return { ok: true, length: bytes.length };
}

/**
 * A box chain that does not end where the file does: cut short (damaged), or something added
 * after the last whole box (a polyglot when that holds markup).
 */
function heicTail(bytes: Uint8Array): StructureCheck {
  let offset = 0;
  for (;;) {
    const size = uint32(bytes, offset);
    if (size < 8 || offset + size > bytes.length) return tail(bytes, offset);
    offset += size;
  }
}

/* PDF ------------------------------------------------------------------------------------------ */

const isPdfSpace = (byte: number | undefined) =>
  byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0x00;
const isDigit = (byte: number | undefined) => byte !== undefined && byte >= 0x30 && byte <= 0x39;

function checkPdf(bytes: Uint8Array): StructureCheck {
  if (!matchesText(bytes, 0, '%pdf-') || !isDigit(bytes[5]) || bytes[6] !== 0x2e || !isDigit(bytes[7])) return damaged;
  const eof = lastIndexOfText(bytes, '%%EOF', Math.max(0, bytes.length - 1024));
  if (eof === -1) return lastIndexOfText(bytes, '%%EOF', 0) === -1 ? damaged : tail(bytes, lastIndexOfText(bytes, '%%EOF', 0) + 5);
  for (let i = eof + 5; i < bytes.length; i++) if (!isPdfSpace(bytes[i])) return tail(bytes, eof + 5);

  // startxref, white space, the byte offset, white space, %%EOF.
  const startxref = lastIndexOfText(bytes, 'startxref', Math.max(0, eof - 64));
  if (startxref === -1) return damaged;
  let at = startxref + 9;
  while (at < eof && isPdfSpace(bytes[at])) at++;
  const digitsFrom = at;
  while (at < eof && isDigit(bytes[at])) at++;
  if (at === digitsFrom || at - digitsFrom > 10) return damaged;
  while (at < eof && isPdfSpace(bytes[at])) at++;
  if (at !== eof) return damaged;
  const xref = Number(ascii(bytes, digitsFrom, at).trim());
  if (xref <= 0 || xref >= startxref || !isCrossReference(bytes, xref)) return damaged;

  if (hasMarkupOutsideStreams(bytes)) return hidden;
  return { ok: true, length: bytes.length };
}

/**
 * A cross-reference table ('xref') or stream ('12 0 obj') starts at this offset. Some writers
 * point at the line break before it, which readers accept, so white space is skipped first.
 */
function isCrossReference(bytes: Uint8Array, offset: number): boolean {
  let i = offset;
  while (isPdfSpace(bytes[i])) i++;
  if (matchesText(bytes, i, 'xref')) return true;
  const number = () => {
    const from = i;
    while (isDigit(bytes[i])) i++;
    return i > from;
  };
  const space = () => {
    const from = i;
    while (isPdfSpace(bytes[i])) i++;
    return i > from;
  };
  return number() && space() && number() && space() && matchesText(bytes, i, 'obj');
}

/**
 * Markup in the PDF's own text: objects, dictionaries, comments. Stream contents are skipped:
 * compressed data is arbitrary bytes, and a page's text is drawn by the reader, never run.
 */
function hasMarkupOutsideStreams(bytes: Uint8Array): boolean {
  let offset = 0;
  for (;;) {
    const stream = indexOfText(bytes, 'stream', offset);
    const until = stream === -1 ? bytes.length : stream;
    if (hasMarkup(bytes, offset, until)) return true;
    if (stream === -1) return false;
    const end = indexOfText(bytes, 'endstream', stream + 6);
    if (end === -1) return false;
    offset = end + 9;
  }
}

/* Bytes ---------------------------------------------------------------------------------------- */

function ascii(bytes: Uint8Array, from: number, to: number): string {
  if (from < 0 || to > bytes.length) return '';
  return String.fromCharCode(...bytes.subarray(from, to));
}

const uint16 = (bytes: Uint8Array, at: number) => ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
const uint32 = (bytes: Uint8Array, at: number) =>
  (bytes[at] ?? 0) * 0x1000000 + (bytes[at + 1] ?? 0) * 0x10000 + (bytes[at + 2] ?? 0) * 0x100 + (bytes[at + 3] ?? 0);
const uint32le = (bytes: Uint8Array, at: number) =>
  (bytes[at] ?? 0) + (bytes[at + 1] ?? 0) * 0x100 + (bytes[at + 2] ?? 0) * 0x10000 + (bytes[at + 3] ?? 0) * 0x1000000;
