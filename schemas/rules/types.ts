// One failed rule: the field it belongs to, the catalogue code and its arguments
// (labels, limits). The same shape goes over the wire in 400 responses.
export interface RuleResult {
  field: string;
  messageId: string;
  args: string[];
}
