import type { RaRecord } from 'react-admin';

/** Whether the member's personal data was erased (issue 24): their history holds MemberErased. */
export function isErasedMember(record: RaRecord | undefined): boolean {
  const history = record && Array.isArray(record.history) ? (record.history as { event_type?: unknown }[]) : [];
  return history.some((e) => e.event_type === 'MemberErased');
}
