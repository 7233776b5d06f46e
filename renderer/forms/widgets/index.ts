// The one widget registry of the generic forms. A form definition names a widget in its
// uiSchema ("ui:widget": "displayTarget"); one file per widget, named after what a user sees.
// rjsf's own names (select, date, textarea …) are mapped to our widgets too, and its file widget
// (base64 data URLs) is replaced by the tus file list: no widget of this app reads a file into
// a data URL.
import { createElement, type ComponentType } from 'react';
import type { RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import type { FormWidgetName } from '../../../schemas/meta/widgets';
import { CheckboxWidget } from './CheckboxWidget';
import { CsvFileWidget } from './CsvFileWidget';
import { DateTimeWidget } from './DateTimeWidget';
import { DateWidget } from './DateWidget';
import { DisplayTargetWidget } from './DisplayTargetWidget';
import { FileListWidget } from './FileListWidget';
import { LinkRowsWidget } from './LinkRowsWidget';
import { ReadOnlyTextWidget } from './ReadOnlyTextWidget';
import { RichTextWidget } from './RichTextWidget';
import { RowTableWidget } from './RowTableWidget';
import { SelectWidget } from './SelectWidget';
import { TagPickerWidget } from './TagPickerWidget';
import { TextareaWidget } from './TextareaWidget';
import { ThumbnailPickerWidget } from './ThumbnailPickerWidget';

/**
 * rjsf accepts function components only (it does not recognise React.memo objects), so each
 * memoised widget is registered through a thin function that renders it.
 */
function registered(widget: ComponentType<WidgetProps>, name: string): ComponentType<WidgetProps> {
  const Registered = (props: WidgetProps) => createElement(widget, props);
  Registered.displayName = name;
  return Registered;
}

/**
 * "hidden": nothing in the page. The value stays in the record (forms are never submitted
 * natively), and the widget that owns such a field (display target, file explanation) gives its
 * own input the field's element id: rjsf's <input type="hidden"> would repeat that id.
 */
function HiddenWidget() {
  return null;
}

const csvFile = registered(CsvFileWidget, 'CsvFileWidget');
const date = registered(DateWidget, 'DateWidget');
const dateTime = registered(DateTimeWidget, 'DateTimeWidget');
const fileList = registered(FileListWidget, 'FileListWidget');
const select = registered(SelectWidget, 'SelectWidget');
const textarea = registered(TextareaWidget, 'TextareaWidget');

/** Names for form definitions: exactly those schemas:check accepts (schemas/meta/widgets.ts). */
const namedWidgets = {
  csvFile,
  date,
  dateTime,
  displayTarget: registered(DisplayTargetWidget, 'DisplayTargetWidget'),
  fileList,
  linkRows: registered(LinkRowsWidget, 'LinkRowsWidget'),
  readOnlyText: registered(ReadOnlyTextWidget, 'ReadOnlyTextWidget'),
  richText: registered(RichTextWidget, 'RichTextWidget'),
  rowTable: registered(RowTableWidget, 'RowTableWidget'),
  tagPicker: registered(TagPickerWidget, 'TagPickerWidget'),
  thumbnailPicker: registered(ThumbnailPickerWidget, 'ThumbnailPickerWidget'),
} satisfies Record<FormWidgetName, ComponentType<WidgetProps>>;

export const formWidgets: RegistryWidgetsType = {
  ...namedWidgets,
  // rjsf's names ("select", "date", "date-time", "textarea", "file", format data-url, "checkbox", "hidden").
  SelectWidget: select,
  DateWidget: date,
  DateTimeWidget: dateTime,
  TextareaWidget: textarea,
  FileWidget: fileList,
  CheckboxWidget: registered(CheckboxWidget, 'CheckboxWidget'),
  HiddenWidget,
};
