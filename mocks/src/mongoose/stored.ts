/**
 * The engine's one typed exit: a document the engine built from a model (its fields cast, defaults,
 * id, timestamps, `__v`) or read back from a collection, as the collection's type `T`. The engine
 * itself works on untyped fields (`Record<string, unknown>`); what makes `T` true is the model: its
 * fields are the contract schema's properties (`mocks/test/models.test.ts` compares them), and its
 * casts give each field the schema's type. `mocks/test/type-assertions.test.ts` keeps every other
 * type assertion out of `mocks/src`.
 */
export function storedAs<T extends object>(doc: object): T {
  return doc as T;
}
