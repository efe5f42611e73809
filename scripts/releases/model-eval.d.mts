export interface FieldDescription {
  type: string;
  default?: unknown;
  required?: unknown;
  enum?: unknown[];
  index?: true | 'unique';
  select?: false;
  timestamps?: true;
}
export declare function evaluateModels(
  files: string[],
  readFile: (path: string) => string | undefined,
): Record<string, { models: Record<string, { fields: Record<string, FieldDescription>; embedded?: true }>; error?: string }>;
