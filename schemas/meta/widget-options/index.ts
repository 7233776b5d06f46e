// The ui:options each widget takes, by the name a definition gives in "ui:widget": the meta-schema
// checks a field's ui:options against its widget's schema (editors complete them), and the
// widgets may read their options as these Static types. Widgets not named here (rjsf's text,
// hidden …) take rjsf's own options, unchecked.
import { Type, type TSchema } from '@sinclair/typebox';
import { closed } from '../language/build';
import type { FormWidgetName } from '../widgets';
import { DisplayTargetOptions } from './display-target';
import { CsvFileOptions, FileListOptions, ThumbnailPickerOptions } from './files';
import {
  CheckboxOptions,
  LinkRowsOptions,
  RadioOptions,
  ReadOnlyTextOptions,
  SelectOptions,
  TagPickerOptions,
  TextareaOptions,
} from './inputs';
import { RowTableOptions } from './row-table';

const None = Type.Object({}, closed);

/** Every widget of this app (FORM_WIDGETS) has its options declared, none or some. */
export const WIDGET_OPTIONS: Record<FormWidgetName, TSchema> & Record<string, TSchema> = {
  csvFile: CsvFileOptions,
  date: None,
  dateTime: None,
  displayTarget: DisplayTargetOptions,
  fileList: FileListOptions,
  linkRows: LinkRowsOptions,
  readOnlyText: ReadOnlyTextOptions,
  richText: None,
  rowTable: RowTableOptions,
  tagPicker: TagPickerOptions,
  thumbnailPicker: ThumbnailPickerOptions,
  // rjsf's names drawn by widgets of this app, or with options of rjsf's own
  select: SelectOptions,
  textarea: TextareaOptions,
  checkbox: CheckboxOptions,
  radio: RadioOptions,
};

export type { DisplayTargetOptions } from './display-target';
export type { CsvFileOptions, FileListOptions, ThumbnailPickerOptions } from './files';
export type {
  CheckboxOptions,
  LinkRowsOptions,
  RadioOptions,
  ReadOnlyTextOptions,
  RelatedSpec,
  SelectOptions,
  TagPickerOptions,
  TextareaOptions,
} from './inputs';
export type { RowTableColumn, RowTableOptions } from './row-table';
