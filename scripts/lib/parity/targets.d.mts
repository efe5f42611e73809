// Types of ./targets.mjs.
import type { Target } from './run.mjs';
export declare function startParityTargets(options?: { log?: (line: string) => void; mockOptions?: Record<string, unknown>; real?: object; mocksDist?: string }): Promise<{ real: Target; mock: Target; mockService: unknown; stop(): Promise<void> }>;
