import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { ImportAnswer } from '#contract/people';
import * as routes from '#contract/routes';
import { mockRoute } from '@/test/mockRoute';
import { server } from '@/test/server';

import ImportPeopleDialogDefault, { ImportPeopleDialog } from './ImportPeopleDialog';

const VCARD = 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Jane Appleseed\r\nBDAY:1970-04-15\r\nEND:VCARD\r\n';

/** What the server answers for VCARD and a few more contacts (docs/api.md). */
const PLAN: ImportAnswer['data'] = {
  add: [
    {
      name: 'Jane Appleseed',
      relationship: '',
      email: 'jane@example.com',
      phoneNumber: '5551234567',
      address: '1 Main St, Springfield',
      notes: 'Phone: +44 20 7946 0958',
      dates: [
        { occasion: 'Birthday', date: '1970-04-15' },
        { occasion: 'Anniversary', date: '--06-09' },
      ],
    },
    {
      name: 'Tom Thumb',
      relationship: 'Friend',
      email: '',
      phoneNumber: '',
      address: '',
      notes: '',
      dates: [{ occasion: 'Birthday', date: '--02-29' }],
    },
  ],
  skipped: [
    { name: 'No Date', reason: 'No date' },
    { name: 'Bad Date', reason: 'Impossible date (1990-02-30)' },
  ],
};

let sent: { path: string; body: unknown }[];

beforeEach(() => {
  localStorage.setItem('authtoken', 'customer-token');
  sent = [];
  server.use(
    mockRoute(routes.previewImport, async ({ request }) => {
      sent.push({ path: new URL(request.url).pathname, body: await request.json() });
      return { success: true, data: PLAN };
    }),
    mockRoute(routes.commitImport, async ({ request }) => {
      sent.push({ path: new URL(request.url).pathname, body: await request.json() });
      return { success: true, data: PLAN };
    }),
  );
});

function renderDialog() {
  const onHide = vi.fn();
  const onImported = vi.fn();
  const user = userEvent.setup();
  render(<ImportPeopleDialog show onHide={onHide} onImported={onImported} />);
  const dialog = screen.getByRole('dialog', { name: 'Import contacts' });
  const input = within(dialog).getByLabelText('Contacts file (vCard .vcf or CSV)');
  const upload = (content: BlobPart, name: string) => user.upload(input, new File([content], name));
  return { user, onHide, onImported, dialog, input, upload };
}

const importButton = () => screen.getByRole('button', { name: /^Import/ });

describe('Import contacts dialog', () => {
  it('is a labelled dialog with a file input for .vcf and .csv, a link to the sample CSV, and nothing to import yet', () => {
    const { dialog, input } = renderDialog();
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', expect.stringContaining('.vcf'));
    expect(input).toHaveAttribute('accept', expect.stringContaining('.csv'));
    expect(within(dialog).getByRole('link', { name: 'sample CSV file' })).toHaveAttribute('href', '/people-sample.csv');
    expect(importButton()).toBeDisabled();
    // Exported both ways, for the People screen's lazy import.
    expect(ImportPeopleDialogDefault).toBe(ImportPeopleDialog);
  });

  it('previews a vCard: who is added with their dates in words and details, and what is skipped and why', async () => {
    const { upload, dialog } = renderDialog();
    await upload(VCARD, 'contacts.vcf');
    expect(await within(dialog).findByText('2 people will be added. Left out: 2 (see why below).')).toBeInTheDocument();
    expect(sent).toEqual([{ path: '/api/people/import/preview', body: { format: 'vcard', content: VCARD } }]);

    const added = within(dialog).getByRole('table', { name: 'Will be added' });
    const jane = within(added).getByRole('row', { name: /Jane Appleseed/ });
    expect(jane).toHaveTextContent('Birthday: Apr 15, 1970');
    expect(jane).toHaveTextContent('Anniversary: Jun 9');
    expect(jane).toHaveTextContent('jane@example.com · 5551234567 · 1 Main St, Springfield');
    expect(within(added).getByRole('row', { name: /Tom Thumb/ })).toHaveTextContent(/^Tom ThumbFriend/);
    expect(jane).toHaveTextContent('Kept in their notes: Phone: +44 20 7946 0958');
    expect(within(added).getByRole('row', { name: /Tom Thumb/ })).toHaveTextContent('Birthday: Feb 29');

    const left = within(dialog).getByRole('table', { name: 'Not imported' });
    expect(within(left).getByRole('row', { name: /No Date/ })).toHaveTextContent('No date');
    expect(within(left).getByRole('row', { name: /Bad Date/ })).toHaveTextContent('Impossible date (1990-02-30)');
    expect(importButton()).toHaveAccessibleName('Import 2 people');
    expect(importButton()).toBeEnabled();
  });

  it('imports what it previewed: the button is busy while sending, then onImported and how many', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      mockRoute(routes.commitImport, async ({ request }) => {
        sent.push({ path: new URL(request.url).pathname, body: await request.json() });
        await held;
        return { success: true, data: PLAN };
      }),
    );
    const { user, upload, onImported, dialog } = renderDialog();
    await upload(VCARD, 'contacts.vcf');
    await user.click(await within(dialog).findByRole('button', { name: 'Import 2 people' }));

    const busy = await within(dialog).findByRole('button', { name: 'Importing…' });
    expect(busy).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(onImported).not.toHaveBeenCalled();
    release();

    expect(await within(dialog).findByText('Imported 2 people.')).toHaveAttribute('role', 'status');
    expect(within(dialog).queryByRole('table')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeEnabled();
    expect(onImported).toHaveBeenCalledTimes(1);
    expect(sent.map((s) => s.path)).toEqual(['/api/people/import/preview', '/api/people/import']);
    expect(sent[1].body).toEqual({ format: 'vcard', content: VCARD });
  });

  it('refuses a file over 1 MB before sending it, in the server’s words', async () => {
    const { upload, dialog } = renderDialog();
    await upload('x'.repeat(1_000_001), 'big.csv');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The file is larger than 1 MB');
    expect(sent).toEqual([]);
    expect(importButton()).toBeDisabled();
  });

  it('shows why the server refused the file, and offers nothing to import', async () => {
    server.use(
      mockRoute(routes.previewImport, () => ({
        status: 400,
        body: {
          success: false,
          error: 'This is not a vCard file: it should start with BEGIN:VCARD (a .vcf file of contacts)',
        },
      })),
    );
    const { upload, dialog } = renderDialog();
    await upload('hello', 'notes.vcf');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This is not a vCard file');
    expect(importButton()).toBeDisabled();
  });

  it('shows a refused import (over the limit) beside the Import button, focused, and calls nothing', async () => {
    server.use(
      mockRoute(routes.commitImport, () => ({
        status: 409,
        body: {
          success: false,
          error: 'You can keep at most 500 dates: you have 499, and this file adds 3. Nothing was imported.',
        },
      })),
    );
    const { user, upload, onImported, dialog } = renderDialog();
    await upload(VCARD, 'contacts.vcf');
    const importButton = await within(dialog).findByRole('button', { name: 'Import 2 people' });
    await user.click(importButton);
    const refusal = await within(dialog).findByRole('alert');
    expect(refusal).toHaveTextContent('Nothing was imported.');
    expect(refusal.parentElement).toBe(importButton.parentElement);
    await waitFor(() => expect(refusal).toHaveFocus());
    expect(onImported).not.toHaveBeenCalled();
  });

  it('says so when nobody in the file can be imported', async () => {
    server.use(
      mockRoute(routes.previewImport, () => ({
        success: true,
        data: { add: [], skipped: [{ name: 'Jane Appleseed', reason: 'Already in your people' }] },
      })),
    );
    const { upload, dialog } = renderDialog();
    await upload(VCARD, 'contacts.vcf');
    expect(await within(dialog).findByText('Nobody in this file can be imported.')).toBeInTheDocument();
    expect(within(dialog).getByRole('row', { name: /Jane Appleseed/ })).toHaveTextContent('Already in your people');
    expect(importButton()).toBeDisabled();
  });

  it('sends a CSV as csv, and reads one saved as Windows-1252 without losing its accents', async () => {
    const { upload } = renderDialog();
    const latin1 = new Uint8Array([
      ...new TextEncoder().encode('name,occasion,date\nJos'),
      0xe9,
      ...new TextEncoder().encode(',Birthday,--01-02\n'),
    ]);
    await upload(latin1, 'people.csv');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body).toEqual({ format: 'csv', content: 'name,occasion,date\nJosé,Birthday,--01-02\n' });
  });

  it('closes with Cancel or Escape', async () => {
    const { user, onHide, dialog } = renderDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onHide).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onHide).toHaveBeenCalledTimes(2);
  });
});
