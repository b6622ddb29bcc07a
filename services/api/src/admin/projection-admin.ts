import type { ProjectorStatus, RebuildResult, ReplayOptions, VerifyReport } from '@roar/projections';

/**
 * What the staff console needs from the projection daemon. The API's `ProjectionsPort` only
 * promises `waitFor`; the daemon the app is started with offers these too, so the router takes
 * them from an explicit option or, failing that, from the context's port when it has them.
 */
export interface ProjectionAdminPort {
  status(): Promise<ProjectorStatus[]>;
  rebuild(name: string, options?: ReplayOptions): Promise<RebuildResult>;
  verify(name: string, options?: ReplayOptions): Promise<VerifyReport>;
}

function isProjectionAdmin(value: unknown): value is ProjectionAdminPort {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.status === 'function' && typeof v.rebuild === 'function' && typeof v.verify === 'function';
}

export function projectionAdminOf(explicit: ProjectionAdminPort | undefined, port: unknown): ProjectionAdminPort | null {
  if (explicit) return explicit;
  return isProjectionAdmin(port) ? port : null;
}

export type RebuildState =
  | { readonly state: 'running'; readonly startedAt: string; readonly events: number; readonly total: number | null }
  | {
      readonly state: 'done';
      readonly startedAt: string;
      readonly finishedAt: string;
      readonly events: number;
      readonly total: number | null;
      readonly ms: number;
    }
  | {
      readonly state: 'failed';
      readonly startedAt: string;
      readonly finishedAt: string;
      readonly events: number;
      readonly total: number | null;
      readonly error: string;
    };

/**
 * Rebuilds run in the background (a large log takes minutes) and the console polls their
 * progress. One per projector at a time; the last outcome stays visible until the next run.
 * Kept in memory: a restart loses the report, not the rebuild's effect (its checkpoint).
 */
export class RebuildTracker {
  readonly #runs = new Map<string, RebuildState>();

  get(name: string): RebuildState | null {
    return this.#runs.get(name) ?? null;
  }

  isRunning(name: string): boolean {
    return this.#runs.get(name)?.state === 'running';
  }

  /** Starts a rebuild unless one is running; returns the state right after starting. */
  start(name: string, port: ProjectionAdminPort, total: number | null, now: () => Date, onError: (err: unknown) => void): RebuildState {
    const startedAt = now().toISOString();
    let events = 0;
    this.#runs.set(name, { state: 'running', startedAt, events, total });
    const options: ReplayOptions = {
      onProgress: (p) => {
        events = p.events;
        this.#runs.set(name, { state: 'running', startedAt, events, total: p.total ?? total });
      },
      ...(total === null ? {} : { countEvents: async () => total }),
    };
    port.rebuild(name, options).then(
      (result) => this.#runs.set(name, { state: 'done', startedAt, finishedAt: now().toISOString(), events: result.events, total, ms: result.ms }),
      (err: unknown) => {
        onError(err);
        const error = err instanceof Error ? err.message : String(err);
        this.#runs.set(name, { state: 'failed', startedAt, finishedAt: now().toISOString(), events, total, error });
      },
    );
    return this.#runs.get(name)!;
  }
}
