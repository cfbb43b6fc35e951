/**
 * Documents and guided photos (docs/behaviour/gateway.md#journey-calls "Marketplace and documents", "Premium": POST
 * /premium/photos). Pure and shared: the platform enforces these checks on every upload, the app
 * uses the same labels, hints and messages so what a seller reads matches what the platform does.
 */

import { checkStructure, type StructureProblem } from './file-structure';

const MIB = 1024 * 1024;

/** Request body caps. Photos are smaller: dealers view them on a phone and 16 of them add up. */
export const MAX_UPLOAD_BYTES = { document: 10 * MIB, photo: 8 * MIB } as const;
/** Room for the boundaries and the other form fields around the file itself. */
export const MULTIPART_ALLOWANCE = 64 * 1024;
/** The most a multipart upload's whole body may be, for a file limit of `fileLimit`. */
export const multipartBodyLimit = (fileLimit: number) => fileLimit + MULTIPART_ALLOWANCE;
/** The longest original file name kept, in characters. */
const MAX_FILE_NAME_LENGTH = 200;

/**
 * An uploaded file's name as we keep and show it: the seller's own, without a path, control
 * characters (category Cc), format characters (Cf: the bidi embeddings, overrides and isolates
 * U+202A–U+202E and U+2066–U+2069, the marks U+200E, U+200F and U+061C, zero-width characters)
 * or line and paragraph separators, and not an essay. A bidi override would make
 * `invoice\u202Efdp.exe` read as "invoiceexe.pdf" on the page and in the download's name.
 */
export function cleanFileName(name: string): string | null {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = Array.from(base.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '').trim())
    .slice(0, MAX_FILE_NAME_LENGTH)
    .join('')
    .trim();
  return cleaned || null;
}

/** Enough for several pages of service history; more than this is a mistake or abuse of storage. */
export const MAX_DOCUMENTS_PER_KIND = 10;

export type UploadContentType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/heic' | 'application/pdf';
const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic'] as const satisfies readonly UploadContentType[];
const PHOTO_OR_PDF = [...PHOTO_TYPES, 'application/pdf'] as const;

interface DocumentKindInfo {
  label: string;
  accepts: readonly UploadContentType[];
  /** Takes whether the enquiry has finance outstanding (from the vehicle profile). */
  required: (financeOutstanding: boolean) => boolean;
  hint: string;
}

export const DOCUMENT_KINDS = {
  v5c: {
    label: 'V5C logbook',
    accepts: PHOTO_OR_PDF,
    required: () => true,
    hint: 'Photograph every page of the logbook flat, in good light, with all four corners in view.',
  },
  'driving-licence': {
    label: 'Driving licence',
    accepts: PHOTO_OR_PDF,
    required: () => true,
    hint: 'The front of your photocard licence. The name and address must match the logbook.',
  },
  'finance-settlement-letter': {
    label: 'Finance settlement letter',
    // A screenshot or photo of a letter can be edited; the buyer settles with the lender on the
    // strength of this document, so only the lender's own PDF will do.
    accepts: ['application/pdf'],
    required: (financeOutstanding) => financeOutstanding,
    hint: 'Ask your lender for a settlement letter and upload the PDF they send you, unchanged.',
  },
  'service-history': {
    label: 'Service history',
    accepts: PHOTO_OR_PDF,
    required: () => false,
    hint: 'Stamped service book pages or invoices. Dealers pay more for a car with proof of its servicing.',
  },
  'proof-of-address': {
    label: 'Proof of address',
    accepts: PHOTO_OR_PDF,
    required: () => false,
    hint: 'Only if the address on your logbook is out of date: a recent utility bill or bank statement.',
  },
} as const satisfies Record<string, DocumentKindInfo>;

export type DocumentKind = keyof typeof DOCUMENT_KINDS;
export const DOCUMENT_KIND_IDS = Object.keys(DOCUMENT_KINDS) as DocumentKind[];

export function isDocumentKind(value: unknown): value is DocumentKind {
  return typeof value === 'string' && Object.hasOwn(DOCUMENT_KINDS, value);
}

/** The guided photos, in the order the app asks for them (dealers bid on what these show). */
export const PHOTO_SLOTS = [
  {
    id: 'front-left',
    label: 'Front left',
    hint: 'Stand at the front left corner at 45°, so the front and the left side both show.',
    required: true,
  },
  {
    id: 'front-right',
    label: 'Front right',
    hint: 'Stand at the front right corner at 45°, so the front and the right side both show.',
    required: true,
  },
  {
    id: 'rear-left',
    label: 'Rear left',
    hint: 'Stand at the rear left corner at 45°, so the back and the left side both show.',
    required: true,
  },
  {
    id: 'rear-right',
    label: 'Rear right',
    hint: 'Stand at the rear right corner at 45°, so the back and the right side both show.',
    required: true,
  },
  {
    id: 'interior-front',
    label: 'Front interior',
    hint: 'From the open driver’s door: the front seats, steering wheel and centre console.',
    required: true,
  },
  { id: 'interior-rear', label: 'Rear interior', hint: 'From an open rear door: the rear seats and footwells.', required: true },
  { id: 'dashboard', label: 'Dashboard', hint: 'With the ignition on, so the mileage and any warning lights show.', required: true },
  { id: 'boot', label: 'Boot', hint: 'Open the boot and take it from behind the car.', required: true },
  { id: 'wheel-front-left', label: 'Front left wheel', hint: 'Close up, so the alloy or trim and the tyre tread show.', required: true },
  { id: 'wheel-front-right', label: 'Front right wheel', hint: 'Close up, so the alloy or trim and the tyre tread show.', required: true },
  { id: 'wheel-rear-left', label: 'Rear left wheel', hint: 'Close up, so the alloy or trim and the tyre tread show.', required: true },
  { id: 'wheel-rear-right', label: 'Rear right wheel', hint: 'Close up, so the alloy or trim and the tyre tread show.', required: true },
  { id: 'engine-bay', label: 'Engine bay', hint: 'With the bonnet open, from the front of the car.', required: false },
  { id: 'keys', label: 'Keys', hint: 'Every key you have, side by side: dealers check the number of keys.', required: false },
  {
    id: 'spare-wheel',
    label: 'Spare wheel or repair kit',
    hint: 'Lift the boot floor: the spare wheel or tyre repair kit.',
    required: false,
  },
  {
    id: 'locking-wheel-nut',
    label: 'Locking wheel nut key',
    hint: 'If your wheels have locking nuts, the key that undoes them.',
    required: false,
  },
] as const satisfies readonly { id: string; label: string; hint: string; required: boolean }[];

export type PhotoSlotId = (typeof PHOTO_SLOTS)[number]['id'];

export function isPhotoSlot(value: unknown): value is PhotoSlotId {
  return PHOTO_SLOTS.some((slot) => slot.id === value);
}

/** A document as the gateway reports it. */
export interface UploadedDocument {
  id: string;
  kind: DocumentKind;
  contentType: UploadContentType;
  size: number;
  originalName: string | null;
  /** The sharpness score (see measureSharpness); null when it cannot be measured (PDFs, PNG, WebP, HEIC). */
  sharpness: number | null;
  /** False only when the score is below the threshold: the app then suggests taking it again. */
  sharp: boolean;
  uploadedAt: string;
  submittedAt: string | null;
}

/** A document's label inside a sentence: 'your driving licence', but 'your V5C logbook'. */
export function labelInSentence(label: string): string {
  return /^[A-Z0-9]{2}/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);
}

/** The buying dealer's document check asking for a document (again). */
export interface DocumentRequest {
  id: number;
  kind: DocumentKind;
  label: string;
  /** Why, as the seller reads it: 'the photo is too blurred to read'. */
  reason: string;
  requestedAt: string;
}

/** GET /platform/vehicle/documents/state?enquiryId= (also the answer to markAsSubmitted). */
export interface DocumentsState {
  kinds: {
    kind: DocumentKind;
    label: string;
    hint: string;
    accepts: UploadContentType[];
    required: boolean;
    documents: UploadedDocument[];
    complete: boolean;
  }[];
  /** Every current document has been sent for checking (and there is at least one). */
  submitted: boolean;
  /** What the document check asked for and has not had yet, oldest first. */
  requests: DocumentRequest[];
  /** Every required kind has at least one document. */
  complete: boolean;
}

export interface VehiclePhoto {
  slot: PhotoSlotId;
  contentType: UploadContentType;
  size: number;
  sharpness: number | null;
  sharp: boolean;
  uploadedAt: string;
}

/** GET /platform/premium/photos?enquiryId= */
export interface PhotosState {
  photos: VehiclePhoto[];
  /** Required slots without a photo, in slot order. */
  missing: PhotoSlotId[];
}

/** POST /platform/vehicle/documents/checkSharpness */
export interface SharpnessResult {
  sharp: boolean;
  /** See measureSharpness; null when the format gives no usable measure. */
  score: number | null;
  width: number | null;
  height: number | null;
}

/** The type a file really is, from its first bytes: the declared type and the name are the sender's say-so. */
export function sniffContentType(bytes: Uint8Array): UploadContentType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  if (isHeic(bytes)) return 'image/heic';
  if (isPdf(bytes)) return 'application/pdf';
  return null;
}

const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx']);

/**
 * ISO BMFF with an HEVC brand. 'mif1' alone is not enough: AVIF files carry it too, and we do
 * not accept AVIF.
 */
function isHeic(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return false;
  const boxSize = Math.min(uint32(bytes, 0), bytes.length, 256);
  for (let offset = 8; offset + 4 <= boxSize; offset += offset === 8 ? 8 : 4) {
    if (HEIC_BRANDS.has(ascii(bytes, offset, offset + 4))) return true;
  }
  return false;
}

/**
 * The header at offset 0. Readers accept it anywhere in the first 1,024 bytes (ISO 32000 annex H),
 * which is exactly the room a JPEG/PDF polyglot needs; every lender's PDF starts with it.
 */
function isPdf(bytes: Uint8Array): boolean {
  return ascii(bytes, 0, 5) === '%PDF-';
}

/**
 * `bytes` is what to store: the file itself, or for a JPEG the picture without what a phone
 * appended after its end (file-structure.ts).
 */
export type UploadCheck = { ok: true; contentType: UploadContentType; bytes: Uint8Array } | { ok: false; message: string };

const PHOTO_MESSAGE = 'Upload a photo (JPEG, PNG, WebP or HEIC)';
const PHOTO_OR_PDF_MESSAGE = 'Upload a photo (JPEG, PNG, WebP or HEIC) or a PDF';
const SETTLEMENT_MESSAGE = 'The finance settlement letter must be the PDF your lender sent';
export const STRUCTURE_MESSAGES: Record<StructureProblem, string> = {
  damaged: 'That file is damaged or incomplete. Save it again, or take a new photo, and upload that.',
  'hidden-content':
    'That file contains something besides the photo or document, so we cannot accept it. Take a new photo, or save the document again as a PDF, and upload that.',
};

export const tooBigMessage = (limit: number) => `That file is bigger than ${Math.round(limit / MIB)} MB`;

export function checkUpload(input: ({ kind: DocumentKind } | { slot: PhotoSlotId }) & { bytes: Uint8Array }): UploadCheck {
  const isPhoto = 'slot' in input;
  const limit = isPhoto ? MAX_UPLOAD_BYTES.photo : MAX_UPLOAD_BYTES.document;
  const accepts: readonly UploadContentType[] = isPhoto ? PHOTO_TYPES : DOCUMENT_KINDS[input.kind].accepts;
  if (input.bytes.length === 0) return { ok: false, message: 'That file is empty' };
  if (input.bytes.length > limit) return { ok: false, message: tooBigMessage(limit) };
  const contentType = sniffContentType(input.bytes);
  if (contentType && accepts.includes(contentType)) {
    const structure = checkStructure(input.bytes, contentType);
    if (!structure.ok) return { ok: false, message: STRUCTURE_MESSAGES[structure.problem] };
    return { ok: true, contentType, bytes: input.bytes.subarray(0, structure.length) };
  }
  if (isPhoto) return { ok: false, message: PHOTO_MESSAGE };
  return { ok: false, message: input.kind === 'finance-settlement-letter' ? SETTLEMENT_MESSAGE : PHOTO_OR_PDF_MESSAGE };
}

/* ------------------------------------------------------------------------------------------------
 * Sharpness without an image decoder.
 *
 * A JPEG spends its bits on detail: the encoder quantises each 8×8 block's frequencies and
 * entropy-codes what is left, so a blurred or badly focused photo, which has lost its high
 * frequencies, codes to far fewer bits per pixel than the same scene in focus. We measure
 *
 *   bits per pixel = 8 × (bytes of entropy-coded scan data) / (width × height)
 *
 * counting only the scan data (first SOS to EOI), so EXIF, embedded thumbnails and anything a
 * phone appends after the image (motion-photo video) do not count as detail. The encoder's
 * quality moves the figure as much as focus does, so we bring it to what libjpeg quality 75 would
 * have spent: score = bpp × √(mean luminance quantiser / 29), 29 being that mean at quality 75.
 *
 * Calibration (a photo, the photo upscaled 2×, and a rendered document; Gaussian blur σ = 0–8 px;
 * added sensor noise ±0–6 levels; quality 75, 85 progressive and baseline, 92): without noise the
 * square root brings each image and blur level to within about 15% across qualities. Sharp
 * originals scored 1.14–2.02; σ = 2 px 0.65–1.25; σ = 4 px 0.40–1.01; σ = 8 px 0.25–0.86, the high
 * ends being heavy noise at high quality (noise looks like detail). Below SHARPNESS_THRESHOLD a
 * photo is "not sharp": still accepted, and the app asks the seller to check it and perhaps take it
 * again. Plain, flat subjects score low too, so it is a prompt to look again, never a refusal;
 * scores are stored so the threshold can be tuned on real uploads.
 *
 * Only JPEG is judged. PNG is lossless: its size follows noise and flat areas, not focus (a sharp
 * screenshot of a letter measured 1.7 bpp, the same image blurred 4.7), and WebP and HEIC carry
 * their quality inside the coded stream. Those, and PDFs, are reported sharp with no score.
 * ---------------------------------------------------------------------------------------------- */

export const SHARPNESS_THRESHOLD = 0.75;
const REFERENCE_MEAN_QUANTISER = 29; // libjpeg's standard luminance table at quality 75: 29.03

export function isSharp(score: number | null): boolean {
  return score === null || score >= SHARPNESS_THRESHOLD;
}

export function measureSharpness(bytes: Uint8Array): SharpnessResult {
  const contentType = sniffContentType(bytes);
  const jpeg = contentType === 'image/jpeg' ? readJpeg(bytes) : null;
  if (!jpeg || jpeg.width === 0 || jpeg.height === 0 || jpeg.scanBytes === 0) {
    const size = contentType && contentType !== 'image/jpeg' ? imageDimensions(bytes, contentType) : null;
    return { sharp: true, score: null, width: size?.width ?? null, height: size?.height ?? null };
  }
  const bitsPerPixel = (8 * jpeg.scanBytes) / (jpeg.width * jpeg.height);
  const qualityFactor = jpeg.meanQuantiser === null ? 1 : Math.sqrt(jpeg.meanQuantiser / REFERENCE_MEAN_QUANTISER);
  const score = Math.round(bitsPerPixel * qualityFactor * 1000) / 1000;
  return { sharp: isSharp(score), score, width: jpeg.width, height: jpeg.height };
}

export function imageDimensions(bytes: Uint8Array, contentType: UploadContentType): { width: number; height: number } | null {
  switch (contentType) {
    case 'image/jpeg': {
      const jpeg = readJpeg(bytes);
      return jpeg && jpeg.width > 0 && jpeg.height > 0 ? { width: jpeg.width, height: jpeg.height } : null;
    }
    case 'image/png':
      // The IHDR chunk must come first: signature (8), length (4), 'IHDR' (4), width, height.
      return bytes.length >= 24 && ascii(bytes, 12, 16) === 'IHDR' ? { width: uint32(bytes, 16), height: uint32(bytes, 20) } : null;
    case 'image/webp':
      return webpDimensions(bytes);
    case 'image/heic':
      return heicDimensions(bytes);
    case 'application/pdf':
      return null;
  }
}

interface JpegFacts {
  width: number;
  height: number;
  scanBytes: number;
  meanQuantiser: number | null;
}

// Start-of-frame markers C0–CF, except DHT (C4), JPG (C8) and DAC (CC), which share the range.
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** Walks the marker segments up to the first scan, then finds where the image data ends. */
function readJpeg(bytes: Uint8Array): JpegFacts | null {
  let width = 0;
  let height = 0;
  let meanQuantiser: number | null = null;
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      offset += 2; // standalone marker, no length
      continue;
    }
    if (marker === 0xd9) return null;
    const length = uint16(bytes, offset + 2);
    if (length < 2) return null;
    const segment = offset + 4;
    if (isStartOfFrame(marker) && segment + 5 <= bytes.length) {
      height = uint16(bytes, segment + 1);
      width = uint16(bytes, segment + 3);
    } else if (marker === 0xdb && meanQuantiser === null) {
      meanQuantiser = luminanceQuantiserMean(bytes, segment, Math.min(offset + 2 + length, bytes.length));
    } else if (marker === 0xda) {
      const start = offset + 2 + length;
      return { width, height, meanQuantiser, scanBytes: Math.max(0, endOfImage(bytes, start) - start) };
    }
    offset += 2 + length;
  }
  return null;
}

/** Table 0 is luminance by convention (JFIF): the one that decides how much detail survives. */
function luminanceQuantiserMean(bytes: Uint8Array, from: number, to: number): number | null {
  let offset = from;
  while (offset < to) {
    const info = bytes[offset]!;
    const wide = info >> 4 === 1; // 16-bit entries
    const size = wide ? 128 : 64;
    if (offset + 1 + size > to) return null;
    if ((info & 0x0f) === 0) {
      let sum = 0;
      for (let i = 0; i < 64; i++) sum += wide ? uint16(bytes, offset + 1 + 2 * i) : bytes[offset + 1 + i]!;
      return sum / 64;
    }
    offset += 1 + size;
  }
  return null;
}

/**
 * The EOI marker that ends the image. In scan data a 0xFF byte is followed by 0x00 (stuffing),
 * a restart marker or a fill byte; any other marker between progressive scans (DHT, SOS) is skipped
 * by its length so its payload cannot be mistaken for EOI. Without an EOI the file is truncated
 * and everything after the scan start counts.
 */
function endOfImage(bytes: Uint8Array, from: number): number {
  let offset = from;
  for (;;) {
    const ff = bytes.indexOf(0xff, offset);
    if (ff === -1 || ff + 1 >= bytes.length) return bytes.length;
    const next = bytes[ff + 1]!;
    if (next === 0xd9) return ff;
    if (next === 0x00 || next === 0xff || (next >= 0xd0 && next <= 0xd7)) {
      offset = ff + 1;
      continue;
    }
    if (ff + 4 > bytes.length) return bytes.length;
    offset = ff + 2 + uint16(bytes, ff + 2);
  }
}

function webpDimensions(bytes: Uint8Array): { width: number; height: number } | null {
  const chunk = ascii(bytes, 12, 16);
  if (chunk === 'VP8 ' && bytes.length >= 30 && bytes[23] === 0x9d && bytes[24] === 0x01 && bytes[25] === 0x2a) {
    return { width: uint16le(bytes, 26) & 0x3fff, height: uint16le(bytes, 28) & 0x3fff };
  }
  if (chunk === 'VP8L' && bytes.length >= 25 && bytes[20] === 0x2f) {
    const bits = bytes[21]! | (bytes[22]! << 8) | (bytes[23]! << 16) | (bytes[24]! << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X' && bytes.length >= 30) {
    return { width: uint24le(bytes, 24) + 1, height: uint24le(bytes, 27) + 1 };
  }
  return null;
}

/**
 * The largest 'ispe' (image spatial extents) property near the start of the file: phones store
 * the picture as a grid of 512×512 tiles, each with its own ispe, and the whole image's is the
 * largest. Scanning for the box type rather than walking meta/iprp/ipco is enough for a size.
 */
function heicDimensions(bytes: Uint8Array): { width: number; height: number } | null {
  let best: { width: number; height: number } | null = null;
  const end = Math.min(bytes.length, 256 * 1024) - 16;
  for (let i = 4; i <= end; i++) {
    if (bytes[i] !== 0x69 || ascii(bytes, i, i + 4) !== 'ispe') continue;
    const width = uint32(bytes, i + 8);
    const height = uint32(bytes, i + 12);
    if (!best || width * height > best.width * best.height) best = { width, height };
  }
  return best;
}

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((byte, i) => bytes[i] === byte);
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  if (to > bytes.length) return '';
  return String.fromCharCode(...bytes.subarray(from, to));
}

const uint16 = (bytes: Uint8Array, at: number) => ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
const uint16le = (bytes: Uint8Array, at: number) => (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
const uint24le = (bytes: Uint8Array, at: number) => uint16le(bytes, at) | ((bytes[at + 2] ?? 0) << 16);
const uint32 = (bytes: Uint8Array, at: number) => (bytes[at] ?? 0) * 0x1000000 + (bytes[at + 1] ?? 0) * 0x10000 + uint16(bytes, at + 2);
