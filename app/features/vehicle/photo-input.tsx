import { useRef, type ChangeEvent } from 'react';

const MAX_EDGE = 1600;

/**
 * A plain file input that, when JavaScript runs, downscales the chosen photo to at most 1600 px
 * on its longer edge before the form posts it: a phone's 12 MP photo becomes ~300 KB on a slow
 * network. Without JavaScript the original is sent and the server checks it.
 */
export function PhotoInput({ name, id, label }: { name: string; id: string; label: string }) {
  const input = useRef<HTMLInputElement>(null);

  async function shrink(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    if (!file || !file.type.startsWith('image/') || typeof createImageBitmap === 'undefined') return;
    try {
      const bitmap = await createImageBitmap(file);
      const scale = Math.min(1, MAX_EDGE / Math.max(bitmap.width, bitmap.height));
      if (scale === 1 && file.size < 1_000_000) return;
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(bitmap.width * scale);
      canvas.height = Math.round(bitmap.height * scale);
      canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
      if (!blob || !input.current) return;
      const transfer = new DataTransfer();
      transfer.items.add(new File([blob], file.name.replace(/\.[^.]+$/, '') + '.jpg', { type: 'image/jpeg' }));
      input.current.files = transfer.files;
    } catch {
      // A photo the browser cannot decode (HEIC on some browsers) goes as it is.
    }
  }

  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input ref={input} id={id} name={name} type="file" accept="image/jpeg,image/png,image/webp,image/heic" onChange={shrink} required />
    </div>
  );
}
