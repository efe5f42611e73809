/** HTTP methods an OpenAPI path item may have operations for, in the order operations are read. */
export declare const METHODS: readonly string[];
/** The path parameter every project-scoped operation has, which SDK clients fill themselves. */
export declare const PROJECT_PARAMETER: 'project_id';
/** A contract that cannot be read as the library expects: the message names the place and the fix. */
export declare class ContractReadError extends Error {}
/** The node an internal reference (`#/...`) points at. @throws {ContractReadError} */
export declare function resolvePointer(doc: any, ref: string): any;
/** Follows `$ref` until a node that is not a reference. @throws {ContractReadError} */
export declare function deref(doc: any, node: any): any;
/** The parameters of an operation, resolved: the path item's, then the operation's (which replace same-named ones). */
export declare function parametersOf(doc: any, pathItem: any, operation: any): any[];
/** Every operation of the document, in path then method order (`method` upper case). */
export declare function operationsOf(doc: any): { path: string; method: string; pathItem: any; operation: any; operationId: string }[];
/** An object schema with its `allOf` parts merged in (properties and `required` joined). */
export declare function mergeAllOf(doc: any, schema: any): any;
/** The JSON request body of an operation (merged schema, required flag, top-level fields), `undefined` when none. */
export declare function jsonBodyOf(doc: any, operation: any): { media: any; schema: any; required: boolean; fields: string[] } | undefined;
/** The parameter-object rule: what an SDK method takes in its one object. @throws {ContractReadError} on a parameter colliding with a body field */
export declare function parameterObject(doc: any, pathItem: any, operation: any): { parameters: any[]; body: ReturnType<typeof jsonBodyOf>; names: string[] };
/** Whether an operation is a sign-in (`x-sign-in: true`). @throws {ContractReadError} on another value */
export declare function isSignIn(operation: any): boolean;
/** The schema whose enum is the role ladder. */
export declare const ROLE_SCHEMA: 'TeammateRole';
/** The roles of a project, lowest first (`TeammateRole`'s enum, `x-ranked: lowest-first`). @throws {ContractReadError} */
export declare function roleLadder(doc: any): string[];
