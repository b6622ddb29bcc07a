import { describe, expect, it } from 'vitest';
import { DEFAULT_DRAW_SETTINGS, isValidAbn } from '@roar/contracts/draw-settings';
import { DomainError } from '@roar/platform';
import { decideDrawSettings, drawSettingsDecider, initialDrawSettingsState } from './index';

const at = '2026-11-26T23:00:00.000Z';
const command = { type: 'UpdateDrawSettings' as const, settings: DEFAULT_DRAW_SETTINGS, reason: 'Initial setup', staffId: 's1', at };

describe('club draw settings', () => {
  it('checks the ABN checksum', () => {
    expect(isValidAbn('51 824 753 556')).toBe(true);
    expect(isValidAbn('51824753557')).toBe(false);
    expect(isValidAbn('5182475355')).toBe(false);
  });
  it('records an update, then nothing when the same values are saved again', () => {
    const events = decideDrawSettings(command, initialDrawSettingsState);
    expect(events).toHaveLength(1);
    const state = events.reduce(drawSettingsDecider.evolve, initialDrawSettingsState);
    expect(state.version).toBe(1);
    expect(decideDrawSettings(command, state)).toEqual([]);
  });
  it('refuses a bad ABN', () => {
    expect(() => decideDrawSettings({ ...command, settings: { ...DEFAULT_DRAW_SETTINGS, abn: '12345678901' } }, initialDrawSettingsState)).toThrow(
      DomainError,
    );
  });
});
