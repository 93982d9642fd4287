import type { SectionDef } from '@bursary/shared';

/** Every string a sub-item editor shows: titles, labels, buttons, confirmations and toasts, letter for letter. */
export interface SubItemTexts {
  blockTitle: string;
  /** One item's name, for input labels: 'Step 2', 'Mission point 3'. */
  itemName: string;
  editLabel: string;
  saveLabel: string;
  addLabel: string;
  addPlaceholder: string;
  blankMessage: string;
  /** For mission and stakeholder points, Confirm is disabled while the text is blank. */
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

/** The few words a section's sub-item block is phrased from; its every string follows from them. */
export interface SubItemWords {
  /** One item, lower case, as the inputs and the add box name it: 'mission point', 'step'. */
  item: string;
  /** The block's heading: 'Mission Points', 'Process Steps'. */
  blockTitle: string;
  /** What the success and error toasts call one item and several, lower case: 'benefit', 'benefits'. */
  toastNoun: { one: string; many: string };
  /** For mission and stakeholder points, Confirm is disabled while the text is blank. */
  confirmNeedsText: boolean;
  /** What an item with no text reads in view mode; its (blank) text when not given. */
  emptyItem?: string;
}

const sentence = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);
const title = (words: string) => words.split(' ').map(sentence).join(' ');

/**
 * The sub-item block's texts, from its words and the section's registry label (its update error
 * is titled after the section: 'Error Updating Missions'). The buttons name the item's last word:
 * 'Edit Points', 'Add Point', 'Save Steps'.
 */
export function subItemTexts(section: SectionDef, words: SubItemWords): SubItemTexts {
  const {
    item,
    toastNoun: { one, many },
  } = words;
  const button = sentence(item.split(' ').at(-1) ?? item);
  return {
    blockTitle: words.blockTitle,
    itemName: sentence(item),
    editLabel: `Edit ${button}s`,
    saveLabel: `Save ${button}s`,
    addLabel: `Add ${button}`,
    addPlaceholder: `Enter new ${item}`,
    blankMessage: `Please enter a ${item}.`,
    confirmNeedsText: words.confirmNeedsText,
    emptyList: `No ${item}s available.`,
    ...(words.emptyItem === undefined ? {} : { emptyItem: words.emptyItem }),
    updated: `${sentence(many)} updated successfully.`,
    added: `${sentence(one)} added successfully.`,
    deleted: `${sentence(one)} deleted successfully.`,
    updateError: { title: `Error Updating ${section.label}`, fallback: `Could not update ${many}. Please try again.` },
    addError: { title: `Error Adding ${title(one)}`, fallback: `Could not add ${one}. Please try again.` },
    deleteError: { title: `Error Deleting ${title(one)}`, fallback: `Could not delete ${one}. Please try again.` },
  };
}
