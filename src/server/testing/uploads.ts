/** Upload bodies for `inject`, built byte by byte so that tests control every part of them. */

export type FormPart = {
  field: string;
  content: string | Uint8Array;
  /** A file part when set (with `type`, text/csv by default); a plain field otherwise. */
  filename?: string;
  type?: string;
};

export const FORM_BOUNDARY = 'prizewheel-test-boundary-7d1f';

/** A multipart/form-data body; `closed: false` leaves out the closing boundary. */
export function multipartForm(parts: FormPart[], { closed = true } = {}) {
  const chunks = parts.flatMap((part) => {
    const file =
      part.filename === undefined
        ? ''
        : `; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'text/csv'}`;
    return [
      Buffer.from(
        `--${FORM_BOUNDARY}\r\nContent-Disposition: form-data; name="${part.field}"${file}\r\n\r\n`,
      ),
      Buffer.from(part.content),
      Buffer.from('\r\n'),
    ];
  });
  if (closed) chunks.push(Buffer.from(`--${FORM_BOUNDARY}--\r\n`));
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${FORM_BOUNDARY}` },
    payload: Buffer.concat(chunks),
  };
}

/** What the import dialog sends: the file in field csvFile. */
export function csvFileForm(content: string | Uint8Array, filename = 'entries.csv') {
  return multipartForm([{ field: 'csvFile', content, filename }]);
}
