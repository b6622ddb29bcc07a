import { describe, expect, it } from 'vitest';
import { sniffReceiptType } from './receipt';
import { isOverdue } from './view';

describe('cashback view and receipt checks', () => {
  it('a claim waiting past its promised decision time is overdue; a decided one never is', () => {
    const due = '2026-11-25T00:00:00.000Z';
    expect(isOverdue({ status: 'submitted', decision_due_by: due }, new Date('2026-11-24T23:59:59Z'))).toBe(false);
    expect(isOverdue({ status: 'submitted', decision_due_by: due }, new Date('2026-11-25T00:00:01Z'))).toBe(true);
    expect(isOverdue({ status: 'approved', decision_due_by: due }, new Date('2026-12-25T00:00:00Z'))).toBe(false);
  });

  it('takes the type from the first bytes, never the name', () => {
    expect(sniffReceiptType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))?.contentType).toBe('image/jpeg');
    expect(sniffReceiptType(Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 ', 'latin1'))?.contentType).toBe('image/webp');
    expect(sniffReceiptType(Buffer.from('%PDF-1.7'))?.contentType).toBe('application/pdf');
    expect(sniffReceiptType(Buffer.from('MZ\x90\x00', 'latin1'))).toBeNull();
    expect(sniffReceiptType(Buffer.from('<svg onload="x()">'))).toBeNull();
  });
});
