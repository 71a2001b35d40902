import { IMPORT_MAX_BYTES } from '#contract/limits';

/** What the import dialog sends of a chosen file: its format and its text. */
export interface ImportFile {
  format: 'vcard' | 'csv';
  content: string;
}

/** The server's words for a file over the limit, said before sending it. */
export const TOO_LARGE = 'The file is larger than 1 MB';

/**
 * Reads a chosen file for the import: refuses one over IMPORT_MAX_BYTES, tells vCard from CSV by its name (or,
 * without a telling name, by its first line), and reads it as UTF-8, or as Windows-1252 when it is not UTF-8
 * (a spreadsheet on Windows saves CSV so): the server takes text, and a name like "José" must survive.
 */
export async function readImportFile(file: File): Promise<ImportFile | { error: string }> {
  if (file.size > IMPORT_MAX_BYTES) return { error: TOO_LARGE };
  const bytes = new Uint8Array(await file.arrayBuffer());
  let content: string;
  try {
    content = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    content = new TextDecoder('windows-1252').decode(bytes);
  }
  const name = file.name.toLowerCase();
  const format = /\.(vcf|vcard)$/.test(name)
    ? 'vcard'
    : /\.(csv|txt)$/.test(name)
      ? 'csv'
      : /^\s*BEGIN:VCARD/i.test(content.replace(/^\uFEFF/, ''))
        ? 'vcard'
        : 'csv';
  return { format, content };
}
