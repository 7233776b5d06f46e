// The widget names a form definition may put in "ui:widget", shared by schemas:check and the
// renderer's registry (renderer/forms/widgets/index.ts is typed against FORM_WIDGETS, so the two
// cannot drift apart). An unknown name would make rjsf throw while drawing and blank the page;
// the check refuses it before it ships.

/** Widgets of this app (renderer/forms/widgets/), with the ui:options that name sibling fields. */
export const FORM_WIDGETS = {
  csvFile: [],
  date: [],
  dateTime: [],
  displayTarget: ['segmentField', 'codeField', 'listField', 'codesField'],
  fileList: ['explanationField'],
  linkRows: [],
  readOnlyText: [],
  richText: [],
  rowTable: ['copyFrom', 'transferTo', 'filterBy'],
  tagPicker: [],
  thumbnailPicker: ['nameField'],
} as const satisfies Record<string, readonly string[]>;

export type FormWidgetName = keyof typeof FORM_WIDGETS;

/**
 * rjsf's own names that resolve through its widget map to a widget of the registry (ours for
 * select, textarea, date, date-time, file, data-url; rjsf's for the rest).
 */
export const RJSF_WIDGET_NAMES = [
  'text',
  'password',
  'email',
  'uri',
  'select',
  'textarea',
  'hidden',
  'checkbox',
  'checkboxes',
  'radio',
  'date',
  'date-time',
  'file',
  'data-url',
  'updown',
  'range',
] as const;

export function isKnownWidget(name: unknown): boolean {
  return (
    typeof name === 'string' &&
    (Object.hasOwn(FORM_WIDGETS, name) || (RJSF_WIDGET_NAMES as readonly string[]).includes(name))
  );
}

/** ui:options keys of a widget whose values must be fields of the record. */
export function fieldOptionsOf(name: unknown): readonly string[] {
  return typeof name === 'string' && Object.hasOwn(FORM_WIDGETS, name) ? FORM_WIDGETS[name as FormWidgetName] : [];
}

/** Edit modes of the registration forms (spec 000 section 4: editMode 0 new, 1 update, 2 copy, 9 preview). */
export const EDIT_MODES = ['new', 'update', 'copy', 'preview'] as const;
export type EditMode = (typeof EDIT_MODES)[number];
export const EDIT_MODE_CODES: Readonly<Record<string, EditMode>> = {
  '0': 'new',
  '1': 'update',
  '2': 'copy',
  '9': 'preview',
};

/**
 * Action names of a form with a built-in meaning (renderer/forms/FormView.tsx). Any other name
 * must declare the `call` it runs (a custom button such as a mail), else it is a typo.
 */
export const FORM_ACTIONS = ['back', 'cancel', 'clear', 'delete', 'submit', 'continue', 'preview'] as const;
