export type SectionState = 'active' | 'collapsed' | 'read-only';

/**
 * How a checkout section shows for the current journey index (spec 1 §2): active at its own
 * index, collapsed (done) once the journey is beyond it, read-only while still ahead.
 */
export function sectionState(sectionIndex: number, journeyIndex: number): SectionState {
  if (journeyIndex === sectionIndex) return 'active';
  return journeyIndex > sectionIndex ? 'collapsed' : 'read-only';
}

/** With stage=billing in the address the account type counts as confirmed (spec 2 §2), e.g. after a reload. */
export function accountTypeConfirmedFor(stage: string | null, hasConfirmedAccountType: boolean): boolean {
  return stage === 'billing' || hasConfirmedAccountType;
}
