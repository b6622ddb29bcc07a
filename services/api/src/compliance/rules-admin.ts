import { Router } from 'express';
import { setJurisdictionRuleBodySchema, setNationalRuleBodySchema, type ComplianceRulesAnswer } from '@roar/contracts/compliance';
import { clubDay } from '@roar/contracts/time';
import { COMPLIANCE_RULES_STREAM, complianceRulesDecider, rulesInForce, type ComplianceRulesCommand } from '@roar/domain';
import { handleCommand } from '@roar/platform';
import type { Request, Response } from 'express';
import type { AppContext } from '../context';
import { requireStaff } from '../auth/staff-tokens';
import { staffCommandContext } from '../staff-kit/command-context';
import { parseBody } from '../http/validate';
import { readComplianceRules, seedComplianceRules } from './rules';

async function answer(app: AppContext): Promise<ComplianceRulesAnswer> {
  const rules = await readComplianceRules(app);
  const inForce = rulesInForce(rules, clubDay(app.now()));
  return {
    jurisdictions: [...rules.jurisdictions],
    national: [...rules.national],
    in_force: { jurisdictions: [...inForce.jurisdictions.values()], national: [...inForce.national.values()] },
  };
}

/**
 * `/api/admin/compliance-rules` (issue 22): every staff user reads the rules (their history and the
 * rows in force today); admins set a rule (a new value with its effective date and source) with a
 * reason. The seed is written first when the stream is still empty, so an edit never hides it.
 */
export function complianceRulesAdminRouter(app: AppContext): Router {
  const router = Router();
  const admin = requireStaff(app, ['admin']);
  const set = async (req: Request, res: Response, command: ComplianceRulesCommand, reason: string) => {
    await seedComplianceRules(app.store, app.registry, app.logger, app.now());
    await handleCommand(
      app.store,
      app.registry,
      COMPLIANCE_RULES_STREAM,
      complianceRulesDecider,
      command,
      staffCommandContext(app, req, res, reason),
    );
    res.json(await answer(app));
  };
  router.get('/', requireStaff(app), async (_req, res) => {
    res.json(await answer(app));
  });
  router.post('/jurisdictions', admin, async (req, res) => {
    const { reason, ...rule } = parseBody(setJurisdictionRuleBodySchema, req);
    await set(req, res, { type: 'SetJurisdictionRule', rule, reason }, reason);
  });
  router.post('/national', admin, async (req, res) => {
    const { reason, ...rule } = parseBody(setNationalRuleBodySchema, req);
    await set(req, res, { type: 'SetNationalRule', rule, reason }, reason);
  });
  return router;
}
