import { DEFAULT_DRAW_SETTINGS, type DrawSettings } from '@roar/contracts/draw-settings';
import { DRAW_SETTINGS_STREAM_ID, drawSettingsDecider, type DrawSettingsEvent, type DrawSettingsState } from '@roar/domain';
import type { AppContext } from '../context';

/** The club's draw settings stream folded (defaults before any staff edit). */
export async function readDrawSettingsState(app: AppContext): Promise<DrawSettingsState> {
  const events = (await app.store.readStream(DRAW_SETTINGS_STREAM_ID)).map((e) => ({ type: e.type, data: e.data }) as DrawSettingsEvent);
  return events.reduce(drawSettingsDecider.evolve, drawSettingsDecider.initialState);
}

/** The club's draw settings in force: promoter, ABN, address, claim and publication days, place, disputes, minors. */
export async function readDrawSettings(app: AppContext): Promise<DrawSettings> {
  const state = await readDrawSettingsState(app);
  return state.settings ?? DEFAULT_DRAW_SETTINGS;
}
