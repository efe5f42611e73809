export interface ReleaseRoute {
  method: string;
  path: string;
  file: string;
  line: number;
  mount: { file: string; line: number; prefix: string };
}
export declare function stripComments(source: string): string;
export declare function releaseRoutes(read: (path: string) => string | undefined, exists: (path: string) => boolean): ReleaseRoute[];
export declare function samePath(expressPath: string, openapiPath: string): boolean;
export declare function expressMatches(expressPath: string, concretePath: string): boolean;
