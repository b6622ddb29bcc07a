import { DomainError, type Decider } from '@roar/platform';
import type { JurisdictionRule, NationalRule, Permit, PermitFields } from '@roar/contracts/compliance';
import type { ComplianceRuleEvent, PermitEvent } from './events';
import type { ComplianceRules } from './rules';

/** The rules stream: every value ever set, in order (rulesInForce picks the one in force on a day). */
export interface ComplianceRulesState extends ComplianceRules {
  readonly jurisdictions: readonly JurisdictionRule[];
  readonly national: readonly NationalRule[];
}
export const initialComplianceRulesState = (): ComplianceRulesState => ({ jurisdictions: [], national: [] });

export type ComplianceRulesCommand =
  | { readonly type: 'SeedComplianceRules'; readonly rules: ComplianceRules }
  | { readonly type: 'SetJurisdictionRule'; readonly rule: JurisdictionRule; readonly reason: string }
  | { readonly type: 'SetNationalRule'; readonly rule: NationalRule; readonly reason: string };

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

export function decideComplianceRules(command: ComplianceRulesCommand, state: ComplianceRulesState): ComplianceRuleEvent[] {
  switch (command.type) {
    case 'SeedComplianceRules':
      // Seeded once: a stream that holds any rule (seeded or edited) is left as it is.
      if (state.jurisdictions.length > 0 || state.national.length > 0) return [];
      return [
        ...command.rules.jurisdictions.map((rule): ComplianceRuleEvent => ({
          type: 'JurisdictionRuleSet',
          data: { rule, reason: null, seeded: true },
        })),
        ...command.rules.national.map((rule): ComplianceRuleEvent => ({ type: 'NationalRuleSet', data: { rule, reason: null, seeded: true } })),
      ];
    case 'SetJurisdictionRule':
      if (state.jurisdictions.some((r) => same(r, command.rule))) return [];
      return [{ type: 'JurisdictionRuleSet', data: { rule: command.rule, reason: command.reason, seeded: false } }];
    case 'SetNationalRule':
      if (state.national.some((r) => same(r, command.rule))) return [];
      return [{ type: 'NationalRuleSet', data: { rule: command.rule, reason: command.reason, seeded: false } }];
  }
}

export function evolveComplianceRules(state: ComplianceRulesState, event: ComplianceRuleEvent): ComplianceRulesState {
  switch (event.type) {
    case 'JurisdictionRuleSet':
      return { ...state, jurisdictions: [...state.jurisdictions, event.data.rule] };
    case 'NationalRuleSet':
      return { ...state, national: [...state.national, event.data.rule] };
  }
}

export const complianceRulesDecider: Decider<ComplianceRulesCommand, ComplianceRuleEvent, ComplianceRulesState> = {
  decide: decideComplianceRules,
  evolve: evolveComplianceRules,
  initialState: initialComplianceRulesState(),
};

export type PermitState = { readonly status: 'absent' } | { readonly status: 'registered'; readonly permit: Permit };
export const initialPermitState = (): PermitState => ({ status: 'absent' });

export type PermitCommand =
  | { readonly type: 'RegisterPermit'; readonly permitId: string; readonly fields: PermitFields }
  | { readonly type: 'UpdatePermit'; readonly changes: Partial<PermitFields> };

export const PERMIT_ENDS_BEFORE_START = 'A permit cannot end before it starts (valid_to is before valid_from).';

function checkDates(fields: PermitFields): void {
  if (fields.valid_to < fields.valid_from) throw new DomainError('invalid', PERMIT_ENDS_BEFORE_START);
}

export function decidePermit(command: PermitCommand, state: PermitState): PermitEvent[] {
  switch (command.type) {
    case 'RegisterPermit':
      if (state.status !== 'absent') throw new DomainError('conflict', 'This permit already exists.');
      checkDates(command.fields);
      return [{ type: 'PermitRegistered', data: { permitId: command.permitId, fields: command.fields } }];
    case 'UpdatePermit': {
      if (state.status === 'absent') throw new DomainError('not_found', 'Not found.');
      const { id: _id, ...current } = state.permit;
      checkDates({ ...current, ...command.changes });
      const changes = Object.fromEntries(
        Object.entries(command.changes).filter(([key, value]) => !same(current[key as keyof PermitFields], value)),
      ) as Partial<PermitFields>;
      return Object.keys(changes).length === 0 ? [] : [{ type: 'PermitUpdated', data: { permitId: state.permit.id, changes } }];
    }
  }
}

export function evolvePermit(state: PermitState, event: PermitEvent): PermitState {
  switch (event.type) {
    case 'PermitRegistered':
      return { status: 'registered', permit: { id: event.data.permitId, ...event.data.fields } };
    case 'PermitUpdated':
      return state.status === 'registered' ? { status: 'registered', permit: { ...state.permit, ...event.data.changes } } : state;
  }
}

export const permitDecider: Decider<PermitCommand, PermitEvent, PermitState> = {
  decide: decidePermit,
  evolve: evolvePermit,
  initialState: initialPermitState(),
};
