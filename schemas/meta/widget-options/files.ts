// ui:options of the file widgets: "fileList" (FileListWidget.tsx), "csvFile" (CsvFileWidget.tsx)
// and "thumbnailPicker" (ThumbnailPickerWidget.tsx).
import { Type, type Static } from '@sinclair/typebox';
import { closed } from '../language/build';
import { CallSpec } from '../language/calls';
import { DataKey, FieldName } from './fields';

export const FileListOptions = Type.Object(
  {
    accept: Type.Optional(Type.String({ description: 'The file types offered (.pdf,.docx)' })),
    multiple: Type.Optional(Type.Boolean()),
    maxFiles: Type.Optional(Type.Integer({ minimum: 1 })),
    explanationField: Type.Optional(FieldName('the explanation of the files')),
    explanationLabel: Type.Optional(Type.String()),
    buttonLabel: Type.Optional(Type.String({ description: 'The pick button (default ファイルを追加)' })),
    preview: Type.Optional(Type.Boolean({ description: 'Images: each entry shows its picture' })),
    download: Type.Optional(CallSpec),
  },
  closed,
);

export const CsvFileOptions = Type.Object(
  {
    accept: Type.Optional(Type.String({ description: 'default .csv' })),
    countLabel: Type.Optional(Type.String({ description: 'The unit after the number of entries (default 件)' })),
  },
  closed,
);

export const ThumbnailPickerOptions = Type.Object(
  {
    source: Type.Optional(DataKey('the prepared thumbnails (default thumbNailList)')),
    nameKey: Type.Optional(Type.String()),
    labelKey: Type.Optional(Type.String()),
    imageUrl: Type.Optional(Type.String({ description: 'A path with {thumbnailFileName} for the previews' })),
    accept: Type.Optional(Type.String()),
    nameField: Type.Optional(FieldName("the chosen thumbnail's name")),
    multiple: Type.Optional(Type.Boolean()),
  },
  closed,
);

export type FileListOptions = Static<typeof FileListOptions>;
export type CsvFileOptions = Static<typeof CsvFileOptions>;
export type ThumbnailPickerOptions = Static<typeof ThumbnailPickerOptions>;
