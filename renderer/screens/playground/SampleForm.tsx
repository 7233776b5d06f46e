// The form of a definition drawn as its screen draws it (the generic renderer's FormBody and
// FormStore) on a sample record, with no calls: nothing is loaded and there is no save button.
// Every change runs all the rules at once, as a submit would, and shows their messages above the
// form and under the fields; the rule table beside it (RuleTable) says which rules fired.
import { useEffect, useMemo, useState } from 'react';
import { validateForm, type Rule, type RuleContext, type RuleResult } from '../../../schemas/rules/engine';
import type { FieldEffect, OptionSource, VisibilityRule } from '../../../schemas/meta/types';
import { ErrorList } from '../../forms/ErrorList';
import { FormBody } from '../../forms/FormBody';
import { FormStore, type FormRecord } from '../../forms/form-store';
import { useFormMessages } from '../../forms/use-form-store';
import { choicesFrom, withChoices } from '../../forms/form-setup';
import { disabledFields, hiddenFields, viewContext, withDisabled, withHidden } from '../../forms/visibility';
import { sampleItems } from './sample-record';

/** What the playground draws of a definition: a form's record, or a list's search conditions. */
export interface Drawable {
  schema: Record<string, unknown>;
  uiSchema: Record<string, unknown>;
  rules: Rule[];
  options: Record<string, OptionSource>;
  effects?: FieldEffect[];
  visibility?: VisibilityRule[];
}

interface Props {
  drawable: Drawable;
  /** The record to start from (the sample, or what was typed before a reload); read once, when drawn. */
  startRecord: () => FormRecord;
  context: RuleContext;
  mode: 'new' | 'update';
  onRecord: (record: FormRecord) => void;
  onResults: (perRule: RuleResult[][]) => void;
}

/** Each rule run alone on the record: which of them fire, and with what. */
export function resultsPerRule(rules: readonly Rule[], record: unknown, context: RuleContext): RuleResult[][] {
  return rules.map((rule) => validateForm({ rules: [rule] }, record, context));
}

export function SampleForm({ drawable, startRecord, context, mode, onRecord, onResults }: Props) {
  const [record] = useState(startRecord);
  // The option lists the form's data would hold: sample items of each source.
  const data = useMemo(
    () =>
      Object.fromEntries(
        Object.values(drawable.options).flatMap((s) => (s.source ? [[s.source, sampleItems(s)]] : [])),
      ),
    [drawable.options],
  );
  const [store] = useState(
    () =>
      new FormStore({
        idPrefix: 'playground',
        rules: { rules: drawable.rules },
        context,
        record,
        data,
        effects: drawable.effects,
        effectContext: viewContext(mode, data),
      }),
  );
  const { lines, scrollRequest } = useFormMessages(store);
  const uiSchema = useMemo(() => {
    const choices = Object.fromEntries(
      Object.entries(drawable.options).map(([field, source]) => [field, choicesFrom(sampleItems(source), source)]),
    );
    const view = viewContext(mode, data);
    const withLists = withChoices(drawable.uiSchema, choices, drawable.options);
    return withDisabled(
      withHidden(withLists, hiddenFields(drawable.visibility, record, view)),
      disabledFields(drawable.visibility, record, view),
    );
  }, [drawable, data, mode, record]);

  useEffect(() => {
    const check = () => {
      const current = store.getRecord();
      const perRule = resultsPerRule(drawable.rules, current, context);
      // All messages at once in the order of the rules, as after a submit (without scrolling).
      store.showResults(validateForm({ rules: drawable.rules }, current, context), false);
      onResults(perRule);
      onRecord(current);
    };
    check();
    return store.subscribeRecord(check);
  }, [store, drawable.rules, context, onResults, onRecord]);

  return (
    <>
      <ErrorList lines={lines} scrollRequest={scrollRequest} scrollBlock="nearest" />
      <FormBody store={store} schema={drawable.schema} uiSchema={uiSchema} onSubmit={() => undefined}>
        {/* No buttons: the playground saves nothing. */}
        <span />
      </FormBody>
    </>
  );
}
