import { readFileSync } from 'node:fs';

/** Small files for upload tests, structurally whole: the platform walks each format end to end. */

/**
 * A baseline JPEG's structure (JFIF, SOF0 with the size, SOS) around scan data, `bytes` long in
 * all. The platform measures sharpness as scan bytes per pixel: 400 KB at 1600 × 1200 is sharp,
 * 20 KB is not.
 */
export function jpeg(width = 1600, height = 1200, bytes = 400_000): Uint8Array<ArrayBuffer> {
  const head = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00];
  const sof = [
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 255,
    width >> 8,
    width & 255,
    0x03,
    0x01,
    0x22,
    0x00,
    0x02,
    0x11,
    0x01,
    0x03,
    0x11,
    0x01,
  ];
  const sos = [0xff, 0xda, 0x00, 0x0c, 0x03, 0x01, 0x00, 0x02, 0x11, 0x03, 0x11, 0x00, 0x3f, 0x00];
  const out = new Uint8Array(Math.max(bytes, head.length + sof.length + sos.length + 2));
  out.set(head, 0);
  out.set(sof, head.length);
  out.set(sos, head.length + sof.length);
  // Varied bytes, as compressed image data is: a sharp photo does not compress to nothing.
  for (let i = head.length + sof.length + sos.length; i < out.length - 2; i++) out[i] = (i * 131 + 7) % 251;
  out.set([0xff, 0xd9], out.length - 2);
  return out;
}

/**
 * A one-page PDF as a writer lays it out: header, objects, a cross-reference table with each
 * object's byte offset, the trailer, startxref pointing at the table, %%EOF. The platform checks
 * that structure, so a file that only starts like a PDF is not enough.
 */
export function pdf(text = 'Kerbside test document'): Uint8Array<ArrayBuffer> {
  const content = `BT /F1 12 Tf 40 550 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 595] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const at = body.length;
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const at of offsets) body += `${String(at).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  // Latin-1 only (the text is the caller's ASCII), so string offsets are byte offsets.
  return Uint8Array.from(body, (c) => c.charCodeAt(0) & 0xff);
}

/** Real encoder output kept in tests/fixtures/files (see its README). */
export function fixture(name: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(readFileSync(new URL(`../fixtures/files/${name}`, import.meta.url)));
}

export function file(bytes: Uint8Array<ArrayBuffer>, name: string, type: string): File {
  return new File([bytes], name, { type });
}
