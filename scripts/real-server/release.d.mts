// Types of ./release.mjs.
export declare const DEFAULT_VERSION: string;
export declare function releaseInstallDir(version?: string, baseDir?: string): string;
export declare function registryHas(version: string): boolean;
export interface ReleaseInstallInfo {
  version: string;
  source: 'git' | 'npm';
  tag?: string;
  commit?: string;
  dependencyTree?: string;
  dependencyDifferences?: Record<string, [string | null, string | null]>;
}
export declare function installFromGit(options: { version: string; gitDir: string; installDir: string; baseDir: string }): ReleaseInstallInfo;
export declare function ensureReleaseInstalled(options?: { version?: string; gitDir?: string; baseDir?: string; log?: (line: string) => void }): Promise<string>;
