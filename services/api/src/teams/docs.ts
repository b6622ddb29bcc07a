import { z } from 'zod';
import { documentRoute } from '../http/openapi';

const team = z.object({ data: z.object({}).loose().nullable() }).describe('Team view, see docs/contracts-4-5.md');
const loose = z.object({}).loose();
const listQuery = z.object({ sort: z.string().optional(), range: z.string().optional(), filter: z.string().optional() });

documentRoute({ method: 'get', path: '/api/team', tag: 'teams', summary: "The member's open team, else their latest complete one", response: team, auth: 'member', errors: [401] });
documentRoute({ method: 'post', path: '/api/team/start', tag: 'teams', summary: 'Start a team (paying subscribers)', response: team, auth: 'member', errors: [401, 403, 409] });
documentRoute({ method: 'post', path: '/api/team/invite', tag: 'teams', summary: 'Invite a mate by email (captain; expires after 7 days)', body: z.object({ email: z.string() }), response: team, auth: 'member', errors: [400, 401, 404, 409, 429] });
documentRoute({ method: 'get', path: '/api/team/invites/:id', tag: 'teams', summary: 'An invite, for the invited visitor', response: loose, errors: [404] });
documentRoute({ method: 'post', path: '/api/team/join', tag: 'teams', summary: 'Pay the one-off $50 team fee for an invite (answers the checkout URL)', body: z.object({ invite_id: z.string() }), response: z.object({ redirect_url: z.string() }), auth: 'member', errors: [401, 403, 404, 409] });
documentRoute({ method: 'get', path: '/api/admin/teams', tag: 'staff', auth: 'staff', summary: 'Teams; filter by status, captain_id, member_id, q', query: listQuery, response: z.array(loose), errors: [400, 401, 403] });
documentRoute({ method: 'get', path: '/api/admin/teams/:id', tag: 'staff', auth: 'staff', summary: 'One team with its members and events', response: loose, errors: [401, 403, 404] });
