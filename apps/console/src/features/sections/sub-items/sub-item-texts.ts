/** Every string a sub-item editor shows (SPEC.md 2.13, 2.15, 2.18, 2.20, 5, 8.4, 8.5). */
export interface SubItemTexts {
  blockTitle: string;
  /** One item's name, for input labels: 'Step 2', 'Mission point 3'. */
  itemName: string;
  editLabel: string;
  saveLabel: string;
  addLabel: string;
  addPlaceholder: string;
  blankMessage: string;
  /** SPEC.md 5: for mission and stakeholder points, Confirm is disabled while the text is blank. */
  confirmNeedsText: boolean;
  emptyList: string;
  /** What an item with no text reads in view mode. */
  emptyItem?: string;
  updated: string;
  added: string;
  deleted: string;
  updateError: { title: string; fallback: string };
  addError: { title: string; fallback: string };
  deleteError: { title: string; fallback: string };
}
