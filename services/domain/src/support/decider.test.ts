import { describe, expect, it } from 'vitest';
import { fold } from '@roar/platform';
import { supportRequestDecider, type SupportCommand } from './decider';
import type { SupportEvent } from './events';

const at = '2026-11-20T01:00:00.000Z';
const request = {
  requestId: 'r1',
  memberId: null,
  name: 'Vera',
  email: 'vera@example.test',
  topic: 'membership' as const,
  message: 'Can I pause over winter?',
  submittedAt: at,
};
const submitted: SupportEvent = { type: 'SupportRequestSubmitted', data: request };
const decide = (given: SupportEvent[], command: SupportCommand) => supportRequestDecider.decide(command, fold(supportRequestDecider, given));
const answer = (body = 'Yes, from Settings.'): SupportCommand => ({ type: 'AnswerSupportRequest', requestId: 'r1', replyId: 'a1', body, at });

describe('a support request', () => {
  it('is recorded once, whatever the retries', () => {
    expect(decide([], { type: 'SubmitSupportRequest', ...request })).toEqual([submitted]);
    expect(decide([submitted], { type: 'SubmitSupportRequest', ...request })).toEqual([]);
  });

  it('is answered to the address it gave, and closed answers no more until reopened', () => {
    expect(decide([submitted], answer())).toEqual([
      {
        type: 'SupportRequestAnswered',
        data: { requestId: 'r1', replyId: 'a1', to: 'vera@example.test', body: 'Yes, from Settings.', answeredAt: at, memberId: null },
      },
    ]);
    expect(() => decide([submitted], answer(' '))).toThrow('Write the answer to send.');
    const closed: SupportEvent = { type: 'SupportRequestClosed', data: { requestId: 'r1', closedAt: at } };
    expect(() => decide([submitted, closed], answer())).toThrow('This request is closed: reopen it to answer.');
    expect(decide([submitted, closed], { type: 'CloseSupportRequest', requestId: 'r1', at })).toEqual([]);
    expect(decide([submitted, closed], { type: 'ReopenSupportRequest', requestId: 'r1', at })).toEqual([
      { type: 'SupportRequestReopened', data: { requestId: 'r1', reopenedAt: at } },
    ]);
    expect(() => decide([], answer())).toThrow('This support request does not exist.');
  });
});
