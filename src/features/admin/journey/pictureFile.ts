import { pictureTypeOf, PROPOSAL_PICTURE_MAX_BYTES } from '#contract/proposalLimits';

/** A picture chosen for a proposal, read and checked in the browser before anything is sent. */
export interface ChosenPicture {
  /** The file as a data: URL, for the preview (the page's CSP allows data: images). */
  dataUrl: string;
  /** The file as base64, as the proposal's body carries it. */
  base64: string;
  name: string;
}

export const PICTURE_TOO_LARGE = 'The picture is larger than 2 MB. Choose a smaller one.';
export const PICTURE_NOT_AN_IMAGE = 'The picture must be a JPEG, PNG or WebP image.';

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });

/** The first bytes of a base64 text (enough for pictureTypeOf's signatures). */
function firstBytes(base64: string): Uint8Array {
  const head = atob(base64.slice(0, 16));
  return Uint8Array.from(head, (c) => c.charCodeAt(0));
}

/**
 * Reads a chosen file as the server will judge it: at most 2 MB, and a JPEG, PNG or WebP by its first bytes (not
 * its name or the type the browser guesses). Answers the picture, or the reason it cannot be sent.
 */
export async function readPicture(file: File): Promise<{ picture: ChosenPicture } | { error: string }> {
  if (file.size > PROPOSAL_PICTURE_MAX_BYTES) return { error: PICTURE_TOO_LARGE };
  const dataUrl = await readAsDataUrl(file);
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  if (!pictureTypeOf(firstBytes(base64))) return { error: PICTURE_NOT_AN_IMAGE };
  return { picture: { dataUrl, base64, name: file.name } };
}
