/**
 * Personal fields in events (issue 24): which values of an event belong to which member, so that
 * the one encryption path (the protecting store) seals them on append and opens them on read.
 *
 * A spec names, by dot path into the event's data, the member the values belong to (`subject`)
 * and the fields holding their personal data, each with its kind. `each` names an array in the
 * data: then `subject` and `fields` are paths inside every element of it (a list of winners, say).
 * A field whose value is null or absent is left as it is.
 *
 * Stored form: every personal value is replaced by the string `pd1:<base64url(nonce | ciphertext | tag)>`
 * of its JSON, sealed with AES-256-GCM under the subject's key with the subject id as associated
 * data. After the subject is erased (their key deleted) a read gives the kind's erased value.
 */
export type PersonalFieldKind =
  /** A person's name or any part of it: reads "Erased member" once erased. */
  | 'name'
  /** An email address: reads `erased-<member id>@erased.invalid` once erased (still unique, still an email). */
  | 'email'
  /** A phone number, a postal address, a Golf Link number or free text the member wrote: "Erased member". */
  | 'text'
  /** A calendar date (date of birth): reads "1900-01-01" once erased. */
  | 'date';

export interface PersonalFieldSpec {
  /** Dot path (relative to `each` when set) to the member id the values belong to. */
  readonly subject: string;
  /** Dot path (relative to `each` when set) → kind. */
  readonly fields: Readonly<Record<string, PersonalFieldKind>>;
  /** Dot path to an array in the data; subject and fields are then read inside each element. */
  readonly each?: string;
}

export const ERASED_NAME = 'Erased member';

/** What a read gives for a field of this kind once its member is erased. */
export function erasedValue(kind: PersonalFieldKind, memberId: string): string {
  switch (kind) {
    case 'email':
      return `erased-${memberId.replace(/[^A-Za-z0-9._-]/g, '-')}@erased.invalid`;
    case 'date':
      return '1900-01-01';
    case 'name':
    case 'text':
      return ERASED_NAME;
  }
}

/** The stored form of a sealed value starts with this. */
export const SEALED_PREFIX = 'pd1:';

export function isSealedValue(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(SEALED_PREFIX);
}

/**
 * The member keys behind the personal fields, held outside the log (issue 24). Erasing deletes the
 * member's key: every later read, replay, rebuild, export and email of their sealed values gives the
 * erased values. Infrastructure exposes one as `personalData`.
 */
export interface PersonalDataKeys {
  /** Deletes the member's key for good (idempotent); every process sees it erased from then on. */
  erase(memberId: string): Promise<void>;
  isErased(memberId: string): Promise<boolean>;
}
