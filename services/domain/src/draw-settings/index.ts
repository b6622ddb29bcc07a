import { z } from 'zod';
import { drawSettingsSchema, type DrawSettings } from '@roar/contracts/draw-settings';
import { DomainError, defineEvent, type Decider, type DomainEvent } from '@roar/platform';
import { isoDateTime } from '../primitives';

export const DRAW_SETTINGS_STREAM_ID = 'club-draw-settings';

/** An admin set the club's draw settings (the whole set, with the reason and who). */
export const DrawSettingsUpdated = defineEvent(
  'DrawSettingsUpdated',
  z
    .object({
      settings: drawSettingsSchema,
      reason: z.string().trim().min(3).max(500),
      staffId: z.string().min(1).max(100),
      updatedAt: isoDateTime(),
    })
    .strict(),
);
export const drawSettingsEvents = [DrawSettingsUpdated] as const;
export type DrawSettingsUpdatedEvent = DomainEvent<'DrawSettingsUpdated', z.infer<typeof DrawSettingsUpdated.schema>>;
export type DrawSettingsEvent = DrawSettingsUpdatedEvent;

export type DrawSettingsState = { readonly settings: DrawSettings | null; readonly version: number; readonly updatedAt: string | null };
export type DrawSettingsCommand = {
  readonly type: 'UpdateDrawSettings';
  readonly settings: DrawSettings;
  readonly reason: string;
  readonly staffId: string;
  readonly at: string;
};

export const initialDrawSettingsState: DrawSettingsState = { settings: null, version: 0, updatedAt: null };

export function evolveDrawSettings(state: DrawSettingsState, event: DrawSettingsEvent): DrawSettingsState {
  return { settings: event.data.settings, version: state.version + 1, updatedAt: event.data.updatedAt };
}

export function decideDrawSettings(command: DrawSettingsCommand, state: DrawSettingsState): DrawSettingsEvent[] {
  const parsed = drawSettingsSchema.safeParse(command.settings);
  if (!parsed.success) throw new DomainError('invalid', parsed.error.issues[0]?.message ?? 'Invalid draw settings.');
  if (command.reason.trim().length < 3) throw new DomainError('invalid', 'Give a reason of at least 3 characters');
  // Saving the same values again records nothing.
  if (state.settings && JSON.stringify(state.settings) === JSON.stringify(parsed.data)) return [];
  return [
    {
      type: 'DrawSettingsUpdated',
      data: { settings: parsed.data, reason: command.reason.trim(), staffId: command.staffId, updatedAt: command.at },
    },
  ];
}

export const drawSettingsDecider: Decider<DrawSettingsCommand, DrawSettingsEvent, DrawSettingsState> = {
  decide: decideDrawSettings,
  evolve: evolveDrawSettings,
  initialState: initialDrawSettingsState,
};
