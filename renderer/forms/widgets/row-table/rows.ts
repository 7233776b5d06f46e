// Values of the rowTable widget: its rows, and the text of a cell.
export type Row = Record<string, unknown>;

/** An uploaded or saved image of a row: the name, and the upload id or the saved file's URL. */
export interface ImageEntry {
  fileName: string;
  uploadId?: string;
  fileUrl?: string;
  isUpload?: boolean;
  size?: number;
}

export const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
export const rowsOf = (v: unknown): Row[] =>
  Array.isArray(v) ? v.filter((r): r is Row => typeof r === 'object' && r !== null) : [];
export const isImage = (v: unknown): v is ImageEntry =>
  typeof v === 'object' && v !== null && typeof (v as ImageEntry).fileName === 'string';
