// TypeScript view of form and list definitions: Static<> of the TypeBox declarations in
// schemas/meta/language, the same declarations the JSON meta-schemas (form.schema.json,
// list.schema.json) are generated from, so the two cannot say different things.
import type { Static } from '@sinclair/typebox';
import type {
  FormAction as FormActionSchema,
  ActionGuard as ActionGuardSchema,
  MailDialogSpec as MailDialogSchema,
  PreviewSpec as PreviewSchema,
} from './language/actions';
import type {
  Handoff as HandoffSchema,
  HandoffSource as HandoffSourceSchema,
  MessageRef as MessageRefSchema,
  Permission as PermissionSchema,
  Title as TitleSchema,
} from './language/basics';
import type {
  CallSpec as CallSchema,
  ListCallSpec as ListCallSchema,
  ListCondition as ListConditionSchema,
  OptionSource as OptionSourceSchema,
  ProvidedItems as ProvidedItemsSchema,
} from './language/calls';
import type {
  FieldEffect as FieldEffectSchema,
  FormDefinition as FormSchema,
  JsonSchemaObject as JsonSchemaObjectSchema,
  ModeSpec as ModeSchema,
  SummaryItem as SummaryItemSchema,
  VisibilityRule as VisibilitySchema,
} from './language/form';
import type {
  ListColumn as ListColumnSchema,
  ListDefinition as ListSchema,
  RowCondition as RowConditionSchema,
} from './language/list';
import type {
  StoreColumn as StoreColumnSchema,
  StoreRows as StoreRowsSchema,
  StoreSpec as StoreSchema,
  StoreWorkflow as StoreWorkflowSchema,
} from './language/store';
import type { Condition } from '../rules/engine';
import type { EditMode } from './widgets';

export type { EditMode, Condition };

export type Title = Static<typeof TitleSchema>;
export type MessageRef = Static<typeof MessageRefSchema>;
export type ProvidedItems = Static<typeof ProvidedItemsSchema>;
export type CallSpec = Static<typeof CallSchema>;
export type ListCallSpec = Static<typeof ListCallSchema>;
export type ListCondition = Static<typeof ListConditionSchema>;
export type ConditionMatch = Exclude<ListCondition, object>;
export type OptionSource = Static<typeof OptionSourceSchema>;
/** The record's JSON Schema; any draft-07 keyword besides `type` and `properties` may be there. */
export type JsonSchemaObject = Static<typeof JsonSchemaObjectSchema> & Record<string, unknown>;
export type Permission = Static<typeof PermissionSchema>;
export type HandoffSource = Static<typeof HandoffSourceSchema>;
export type Handoff = Static<typeof HandoffSchema>;
export type ModeSpec = Static<typeof ModeSchema>;
export type ActionGuard = Static<typeof ActionGuardSchema>;
export type PreviewSpec = Static<typeof PreviewSchema>;
export type FormAction = Static<typeof FormActionSchema>;
export type MailDialogSpec = Static<typeof MailDialogSchema>;
export type FieldEffect = Static<typeof FieldEffectSchema>;
export type VisibilityRule = Static<typeof VisibilitySchema>;
export type StoreColumn = Static<typeof StoreColumnSchema>;
export type StoreSpec = Static<typeof StoreSchema>;
export type StoreWorkflow = Static<typeof StoreWorkflowSchema>;
export type StoreRows = Static<typeof StoreRowsSchema>;
export type SummaryItem = Static<typeof SummaryItemSchema>;
export type FormDefinition = Omit<Static<typeof FormSchema>, '$schema' | '$defs' | 'schema'> & {
  schema: JsonSchemaObject;
};
export type ListColumn = Static<typeof ListColumnSchema>;
export type RowCondition = Static<typeof RowConditionSchema>;
export type ListDefinition = Omit<Static<typeof ListSchema>, '$schema' | '$defs'>;

export interface DefinitionSet {
  forms: Map<string, FormDefinition>;
  lists: Map<string, ListDefinition>;
}
