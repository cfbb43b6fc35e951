/** Small real files for upload tests: each starts with its format's magic bytes. */

/**
 * A baseline JPEG's structure (JFIF, SOF0 with the size, SOS) around scan data, `bytes` long in
 * all. The platform measures sharpness as scan bytes per pixel: 400 KB at 1600 × 1200 is sharp,
 * 20 KB is not.
 */
export function jpeg(width = 1600, height = 1200, bytes = 400_000): Uint8Array<ArrayBuffer> {
  const head = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00];
  const sof = [0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 255, width >> 8, width & 255, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01];
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

export function pdf(text = "Kerbside test document"): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
}

export function file(bytes: Uint8Array<ArrayBuffer>, name: string, type: string): File {
  return new File([bytes], name, { type });
}
