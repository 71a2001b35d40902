import { describe, expect, it } from 'vitest';

import { readImportFile, TOO_LARGE } from './importFile';

const VCARD = 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann\r\nEND:VCARD\r\n';

describe('readImportFile', () => {
  it.each([
    ['contacts.vcf', VCARD, 'vcard'],
    ['Contacts.VCF', VCARD, 'vcard'],
    ['people.csv', 'name,occasion,date\n', 'csv'],
    // Without a telling name, the first line tells (a byte order mark aside).
    ['export', `\uFEFF${VCARD}`, 'vcard', VCARD],
    ['export', 'name,occasion,date\n', 'csv'],
  ])('reads %s as %s', async (name, content, format, read = content) => {
    expect(await readImportFile(new File([content], name))).toEqual({ format, content: read });
  });

  it('refuses a file over 1 MB, in the words the server uses', async () => {
    expect(await readImportFile(new File(['x'.repeat(1_000_001)], 'big.csv'))).toEqual({ error: TOO_LARGE });
    expect(TOO_LARGE).toBe('The file is larger than 1 MB');
    expect(await readImportFile(new File(['x'.repeat(1_000_000)], 'exactly.csv'))).toMatchObject({ format: 'csv' });
  });

  it('reads a file that is not UTF-8 as Windows-1252', async () => {
    const bytes = new Uint8Array([0x4a, 0x6f, 0x73, 0xe9, 0x2c, 0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72]);
    expect(await readImportFile(new File([bytes], 'p.csv'))).toEqual({ format: 'csv', content: 'José,Müller' });
  });
});
