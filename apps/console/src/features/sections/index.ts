/** The section screens' shared engine: one list mechanism, one form, one sub-item editor. */
export { asList, sectionListQuery, sectionRecordQuery, useSectionList, type SectionList } from './api';
export { refreshSection, useDeleteRecord, useSaveRecord } from './mutations';
export { filterRecords, matchesSearch, type SearchText } from './search';
export { itemsOf, slugHeading, snippet, str, stripTags, textOr, SNIPPET_LENGTH } from './display';
export { SafeHtml } from './safe-html';
export { SectionListPage, type ListPageProps } from './list-page';
export { EmptyState, ErrorPanel, NoResults } from './list-states';
export type { ViewMode } from './list-toolbar';
export { EditLink, EditOrSetupButton, NewButton } from './header-buttons';
export { GridItem, ItemGrid } from './staggered-grid';
export { ConfirmDeleteButton } from './confirm-delete';
export { RecordActions, useRecordActions } from './record-actions';
export { deleteTexts, useDeleteWithToasts, type DeleteTexts } from './delete-record';
export { SubItemEditor } from './sub-item-editor';
export { benefitTexts, missionTexts, stakeholderTexts, stepTexts, type SubItemTexts } from './sub-item-texts';
export { useUnsavedChangesGuard, UNSAVED_CHANGES_QUESTION } from './unsaved-changes';
export { SubItemSectionPage, type SubItemSectionPageProps } from './sub-item-section-page';
